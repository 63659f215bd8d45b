import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PasskeySummary } from '@portal/contract';
import { changeLanguage } from '@/lib/i18n/i18n';
import { names } from '@/test/fixtures';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: (...args: unknown[]) => startRegistration(...args) }));

const OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'localhost' },
  user: { id: 'aGFuZGxl', name: 'casey', displayName: 'Casey Customer' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
};
const CREDENTIAL = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  clientExtensionResults: {},
};

const passkey = (id: number, name: string, lastUsedAt: string | null): PasskeySummary =>
  ({ id: BigInt(id), name, createdAt: '2026-11-20T15:30:00Z', lastUsedAt, backedUp: false }) as PasskeySummary;

/** RFC 9470's step-up challenge, as the auth service answers a change on an old sign-in. */
const stepUp = () =>
  json({ error: 'For your security, confirm your password to make this change.' }, 401, {
    'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", max_age=600',
  });

/** The auth service's passkey calls over a list that changes as they are made. */
const mockPasskeys = (initial: PasskeySummary[], { stale = false } = {}) => {
  let live = [...initial];
  // A session whose sign-in is over 10 minutes old: removal answers the step-up challenge until the password is confirmed.
  let recent = !stale;
  return mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/b/v1/Account/names') return json(names([1001n, 'Casey Customer', null]));
    if (path === '/a/v1/Sessions') return json({ value: [] });
    if (path === '/a/v1/TwoFactor') return json({ totp: false });
    if (call.method === 'GET' && path === '/a/v1/Passkeys') return json({ value: live.map((p) => ({ ...p, id: Number(p.id) })) });
    if (call.method === 'POST' && path === '/a/v1/Passkeys/registration-options') return recent ? json(OPTIONS) : stepUp();
    if (call.method === 'POST' && path === '/a/v1/Passkeys') {
      const added = passkey(9, 'Chrome on Linux', null);
      live = [added, ...live];
      return json({ ...added, id: 9 });
    }
    if (call.method === 'POST' && path === '/a/v1/Authenticate/confirm') {
      recent = true;
      return new Response(null, { status: 204 });
    }
    if (call.method === 'DELETE' && path.startsWith('/a/v1/Passkeys/')) {
      if (!recent) return stepUp();
      live = live.filter((p) => String(p.id) !== path.split('/').pop());
      return new Response(null, { status: 204 });
    }
    return json({ error: `No fake for ${call.method} ${path}` }, 404);
  });
};

const section = () => screen.findByRole('region', { name: 'Passkeys' });

beforeEach(() => {
  sessionStorage.setItem('token', makeToken({ sub: '7', scopes: ['ac:1001'] }));
  startRegistration.mockReset();
  Object.defineProperty(window, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
    writable: true,
  });
});
afterEach(() => {
  Reflect.deleteProperty(window, 'PublicKeyCredential');
});

describe('security screen: passkeys', () => {
  it('lists each passkey with its device, when it was added and last used', async () => {
    mockPasskeys([passkey(1, 'Safari on iOS', '2026-11-24T09:00:00Z'), passkey(2, 'Chrome on Windows', null)]);
    renderRoute('/security');
    const items = within(await screen.findByRole('list', { name: 'Your passkeys' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Safari on iOS');
    expect(items[0]).toHaveTextContent(/Added Nov 20, 2026/);
    expect(items[0]).toHaveTextContent(/last used Nov 24, 2026/);
    expect(items[1]).toHaveTextContent('not used yet');
    expect(
      within(items[1]!).getByRole('button', { name: /^Remove passkey: Chrome on Windows, added Nov 20, 2026/ }),
    ).toBeInTheDocument();
  });

  it('says when there is none, and adds one through the browser’s passkey dialog', async () => {
    const user = userEvent.setup();
    startRegistration.mockResolvedValue(CREDENTIAL);
    const { calls } = mockPasskeys([]);
    renderRoute('/security');
    const card = await section();
    expect(await within(card).findByText('You have no passkeys yet.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));

    expect(
      await screen.findByText('Passkey added for Chrome on Linux. You can now sign in with it from the login page.'),
    ).toBeInTheDocument();
    expect(startRegistration).toHaveBeenCalledWith({
      optionsJSON: expect.objectContaining({ challenge: OPTIONS.challenge, rp: OPTIONS.rp }),
    });
    const saved = calls.find((c) => c.method === 'POST' && c.url.pathname === '/a/v1/Passkeys');
    expect(saved?.body).toEqual({ response: CREDENTIAL });
    expect(await within(card).findByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Chrome on Linux');
  });

  it('tells a cancelled dialog apart from a failure', async () => {
    const user = userEvent.setup();
    mockPasskeys([]);
    renderRoute('/security');
    const card = await section();
    startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    await user.click(await within(card).findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('No passkey was added: the request was cancelled or timed out.')).toBeInTheDocument();

    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('Invalid domain'), { name: 'SecurityError', code: 'ERROR_INVALID_DOMAIN' }),
    );
    await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(/Passkeys cannot be used at this address/)).toBeInTheDocument();
    error.mockRestore();
  });

  it('removes one after confirmation; Cancel returns focus to its Remove button', async () => {
    const user = userEvent.setup();
    const { calls } = mockPasskeys([passkey(1, 'Safari on iOS', null), passkey(2, 'Chrome on Windows', null)]);
    renderRoute('/security');
    const remove = await screen.findByRole('button', { name: /^Remove passkey: Safari on iOS/ });

    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent('The passkey for Safari on iOS will no longer sign you in.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this passkey?' })).getByRole('button', { name: 'Remove passkey' }),
    );
    expect(await screen.findByText('The passkey for Safari on iOS was removed. It no longer signs you in.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/a/v1/Passkeys/1');
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Remove passkey: Safari on iOS/ })).not.toBeInTheDocument());
  });

  it('asks for the password when the sign-in is over 10 minutes old, then removes it', async () => {
    const user = userEvent.setup();
    const { calls } = mockPasskeys([passkey(1, 'Safari on iOS', null)], { stale: true });
    renderRoute('/security');
    await user.click(await screen.findByRole('button', { name: /^Remove passkey: Safari on iOS/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this passkey?' })).getByRole('button', { name: 'Remove passkey' }),
    );

    const confirm = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(confirm).getByLabelText(/Password/), 'Demo-Pass-2025!');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('The passkey for Safari on iOS was removed. It no longer signs you in.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
    expect(calls.find((c) => c.url.pathname === '/a/v1/Authenticate/confirm')?.body).toEqual({ password: 'Demo-Pass-2025!' });
    // Still signed in: the step-up answer is not an ended session.
    expect(sessionStorage.getItem('token')).not.toBeNull();
  });

  it('asks for the password before adding one when the sign-in is over 10 minutes old; focus goes to the outcome', async () => {
    const user = userEvent.setup();
    startRegistration.mockResolvedValue(CREDENTIAL);
    const { calls } = mockPasskeys([], { stale: true });
    renderRoute('/security');
    const card = await section();
    await user.click(await within(card).findByRole('button', { name: 'Add a passkey' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm your password' });
    // The browser's passkey dialog waits for the password: nothing is created before it.
    expect(startRegistration).not.toHaveBeenCalled();
    await user.type(within(confirm).getByLabelText(/Password/), 'Demo-Pass-2025!');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Passkey added for Chrome on Linux. You can now sign in with it from the login page.'),
    ).toBeInTheDocument();
    expect(startRegistration).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.url.pathname === '/a/v1/Passkeys/registration-options')).toHaveLength(2);
    // The outcome's banner takes focus, as after every action on this screen.
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Passkey added for Chrome on Linux.'));
  });

  it('adds nothing when the password confirmation is cancelled, and says why', async () => {
    const user = userEvent.setup();
    const { calls } = mockPasskeys([], { stale: true });
    renderRoute('/security');
    await user.click(await within(await section()).findByRole('button', { name: 'Add a passkey' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('For your security, confirm your password to make this change.')).toBeInTheDocument();
    expect(startRegistration).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/a/v1/Passkeys')).toHaveLength(0);
  });

  it('speaks French when French is the language', async () => {
    await changeLanguage('fr', { remember: true });
    mockPasskeys([passkey(1, 'Safari on iOS', null)]);
    renderRoute('/security');
    const card = await screen.findByRole('region', { name: 'Clés d’accès' });
    expect(await within(card).findByRole('list', { name: 'Vos clés d’accès' })).toHaveTextContent('pas encore utilisée');
    expect(within(card).getByRole('button', { name: 'Ajouter une clé d’accès' })).toBeInTheDocument();
  });
});
