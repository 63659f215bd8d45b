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
const mockTwoFactor = ({ setup, on = false }: { setup?: Handler; on?: boolean } = {}) =>
  mockFetch((call) => {
    const path = call.url.pathname;
    const code = (call.body as { code?: string } | undefined)?.code;
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

  it('speaks French when French is the language', async () => {
    await changeLanguage('fr', { remember: true });
    mockTwoFactor();
    renderRoute('/security');
    const card = await screen.findByRole('region', { name: 'Connexion en deux étapes' });
    expect(within(card).getByRole('button', { name: 'Activer' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Désactivée');
  });
});
