import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { names } from '@/test/fixtures';
import { json, makeToken, mockFetch, renderRoute, type FetchCall } from '@/test/utils';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/localhost:casey?issuer=localhost&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const RECOVERY = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const WRONG = 'That code is not right, or it was already used. Enter the current code from your authenticator app.';

type Handler = (call: FetchCall) => Response;

/** The auth service's two-factor calls (123456 is the right code) plus what the Security screen reads anyway. */
const NEW_RECOVERY = Array.from({ length: 10 }, (_, i) => `mnpq${i}-rstu${i}`);
const stepUp = () =>
  json({ error: 'For your security, confirm your password to make this change.' }, 401, {
    'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", max_age=600',
  });

const mockTwoFactor = ({ setup, on = false, stale = false }: { setup?: Handler; on?: boolean; stale?: boolean } = {}) => {
  // A sign-in over 10 minutes old: set-up, enable and new codes answer the step-up challenge until the password is confirmed.
  let recent = !stale;
  return mockFetch((call) => {
    const path = call.url.pathname;
    const code = (call.body as { code?: string } | undefined)?.code;
    if (path === '/a/v1/Authenticate/confirm') {
      recent = true;
      return new Response(null, { status: 204 });
    }
    if (!recent && ['/a/v1/TwoFactor/totp/setup', '/a/v1/TwoFactor/totp/enable', '/a/v1/TwoFactor/recovery-codes'].includes(path)) return stepUp();
    if (path === '/a/v1/TwoFactor/recovery-codes') return on ? json({ recoveryCodes: NEW_RECOVERY }) : json({ error: 'Two-factor sign-in is not on.' }, 409);
    if (path === '/b/v1/Account/names') return json(names([1001n, 'Casey Customer', null]));
    if (path === '/a/v1/Sessions') return json({ value: [] });
    if (path === '/a/v1/Passkeys') return json({ value: [] });
    if (path === '/a/v1/TwoFactor') return json({ totp: on });
    if (path === '/a/v1/TwoFactor/totp/setup') return setup ? setup(call) : json({ secret: SECRET, otpauthUrl: OTPAUTH });
    if (path === '/a/v1/TwoFactor/totp/enable')
      return code === '123456' ? json({ recoveryCodes: RECOVERY }) : json({ error: WRONG }, 400);
    if (path === '/a/v1/TwoFactor/disable')
      return code === 'abcd3-efgh3' ? new Response(null, { status: 204 }) : json({ error: WRONG }, 400);
    return json({ error: `No fake for ${call.method} ${path}` }, 404);
  });
};

const confirmPassword = async (user: ReturnType<typeof userEvent.setup>) => {
  const confirm = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.type(within(confirm).getByLabelText(/Password/), 'Demo-Pass-2025!');
  await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
};

const section = () => screen.findByRole('region', { name: 'Two-factor sign-in' });

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ sub: '7', scopes: ['ac:1001'] }));
});

describe('security screen: two-factor sign-in', () => {
  it('turns it on: QR code and grouped key, confirmed with a code, then the recovery codes once', async () => {
    const user = userEvent.setup();
    const { calls } = mockTwoFactor();
    renderRoute('/security');
    const card = await section();
    expect(card).toHaveTextContent('Off');
    const turnOn = within(card).getByRole('button', { name: 'Turn on' });
    await user.click(turnOn);

    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR code to add this portal to your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(dialog).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const code = within(dialog).getByLabelText('Code from the app');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');

    // Not six digits: said beside the field, nothing sent.
    await user.type(code, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter the 6-digit code from your authenticator app.'));
    expect(calls.some((c) => c.url.pathname.endsWith('/enable'))).toBe(false);

    // A wrong code: the service's text beside the field.
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining(WRONG)));
    expect(code).toHaveFocus();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const saved = await within(dialog).findByRole('heading', { name: 'Save these recovery codes' });
    await waitFor(() => expect(saved).toHaveFocus());
    expect(dialog).toHaveTextContent('they will not be shown again');
    const codes = within(within(dialog).getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(codes.map((item) => item.textContent)).toEqual(RECOVERY);
    expect(calls.filter((c) => c.url.pathname.endsWith('/enable')).map((c) => c.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/^Two-factor sign-in is on\./)).toBeInTheDocument();
    expect(card).toHaveTextContent('On');
    expect(within(card).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('takes a 409 from set-up to mean it is already on', async () => {
    const user = userEvent.setup();
    mockTwoFactor({ setup: () => json({ error: 'Two-factor sign-in is already on.' }, 409) });
    renderRoute('/security');
    const card = await section();
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor sign-in is already on.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('shows what the auth service says: on', async () => {
    mockTwoFactor({ on: true });
    renderRoute('/security');
    const card = await section();
    expect(await within(card).findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(card).toHaveTextContent('On');
  });

  it('turns it off after a code (or a recovery code) in a confirmation dialog', async () => {
    const user = userEvent.setup();
    const { calls } = mockTwoFactor({ on: true });
    renderRoute('/security');
    const card = await section();
    const turnOff = await within(card).findByRole('button', { name: 'Turn off' });
    await user.click(turnOff);

    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    const code = within(dialog).getByLabelText('Code');
    expect(code).toHaveFocus();
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining(WRONG)));

    // Cancel gives focus back to the button that opened it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(turnOff).toHaveFocus();

    await user.click(turnOff);
    const again = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    const field = within(again).getByLabelText('Code');
    await user.clear(field);
    await user.type(field, 'abcd3-efgh3');
    await user.click(within(again).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.endsWith('/disable')).at(-1)?.body).toEqual({ code: 'abcd3-efgh3' });
  });

  it('asks for the password before set-up on an old sign-in, then shows the QR code', async () => {
    const user = userEvent.setup();
    const { calls } = mockTwoFactor({ stale: true });
    renderRoute('/security');
    await user.click(within(await section()).getByRole('button', { name: 'Turn on' }));
    await confirmPassword(user);
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    expect(dialog).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(calls.filter((c) => c.url.pathname === '/a/v1/TwoFactor/totp/setup')).toHaveLength(2);
    expect(calls.find((c) => c.url.pathname === '/a/v1/Authenticate/confirm')?.body).toEqual({ password: 'Demo-Pass-2025!' });
  });

  it('makes new recovery codes after a confirmation (and the password on an old sign-in), shown once', async () => {
    const user = userEvent.setup();
    const { calls } = mockTwoFactor({ on: true, stale: true });
    renderRoute('/security');
    const card = await section();
    await user.click(await within(card).findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    expect(dialog).toHaveTextContent('Your current recovery codes will stop working at once');
    expect(calls.some((c) => c.url.pathname === '/a/v1/TwoFactor/recovery-codes')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    await confirmPassword(user);
    const saved = await within(dialog).findByRole('heading', { name: 'Save these recovery codes' });
    await waitFor(() => expect(saved).toHaveFocus());
    const codes = within(within(dialog).getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(codes.map((c) => c.textContent)).toEqual(NEW_RECOVERY);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('You have new recovery codes. The old ones no longer work.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/a/v1/TwoFactor/recovery-codes')).toHaveLength(2);
  });

  it('cancelling new recovery codes changes nothing; focus returns to the button', async () => {
    const user = userEvent.setup();
    const { calls } = mockTwoFactor({ on: true });
    renderRoute('/security');
    const button = await within(await section()).findByRole('button', { name: 'New recovery codes' });
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'Make new recovery codes?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(button).toHaveFocus());
    expect(calls.some((c) => c.url.pathname === '/a/v1/TwoFactor/recovery-codes')).toBe(false);
  });

  it('speaks French when French is the language', async () => {
    await changeLanguage('fr', { remember: true });
    mockTwoFactor();
    renderRoute('/security');
    const card = await screen.findByRole('region', { name: 'Connexion en deux étapes' });
    expect(within(card).getByRole('button', { name: 'Activer' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Désactivée');
  });

  it('offers new recovery codes in French', async () => {
    await changeLanguage('fr', { remember: true });
    const user = userEvent.setup();
    mockTwoFactor({ on: true });
    renderRoute('/security');
    const card = await screen.findByRole('region', { name: 'Connexion en deux étapes' });
    await user.click(await within(card).findByRole('button', { name: 'Nouveaux codes de récupération' }));
    const dialog = await screen.findByRole('dialog', { name: 'Créer de nouveaux codes de récupération?' });
    expect(within(dialog).getByRole('button', { name: 'Créer les codes' })).toBeInTheDocument();
  });
});
