import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: (...args: unknown[]) => startAuthentication(...args) }));

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required', timeout: 120000 };
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'MEU', userHandle: 'aGFuZGxl' },
  clientExtensionResults: {},
};
const FAILED = 'This passkey could not sign you in. Try again, or log in with your password.';

/** The passkey sign-in calls; `login` answers POST /a/v1/Authenticate/passkey. */
const backend = (login: () => Response) =>
  mockFetch(({ url }) => {
    if (url.pathname === '/a/v1/openid/providers') return json({ providers: [] });
    if (url.pathname === '/a/v1/Authenticate/passkey-options') return json(OPTIONS);
    if (url.pathname === '/a/v1/Authenticate/passkey') return login();
    return json({ error: 'not in this test' }, 404);
  });

const passkeyButton = () => screen.findByRole('button', { name: 'Sign in with a passkey' });

beforeEach(() => {
  startAuthentication.mockReset();
  Object.defineProperty(window, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
    writable: true,
  });
});
afterEach(() => {
  Reflect.deleteProperty(window, 'PublicKeyCredential');
});

describe('/login: sign in with a passkey', () => {
  it('is offered only where the browser has passkeys', async () => {
    Reflect.deleteProperty(window, 'PublicKeyCredential');
    backend(() => json({}));
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('signs in with the passkey the browser gives, without username or password, and goes to the dashboard', async () => {
    const token = makeToken({ sub: '7', scopes: ['ac:1001'] });
    const { calls } = backend(() => json({ successful: true, token, error: null }));
    startAuthentication.mockResolvedValue(ASSERTION);
    const { router } = renderRoute('/login');
    await userEvent.setup().click(await passkeyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining(OPTIONS) });
    expect(calls.find((c) => c.url.pathname === '/a/v1/Authenticate/passkey')?.body).toEqual({ response: ASSERTION });
    expect(sessionStorage.getItem('token')).toBe(token);
  });

  it('shows the service’s answer when the passkey does not sign in, and a calm message when the dialog is closed', async () => {
    backend(() => json({ successful: false, token: null, error: FAILED }));
    startAuthentication.mockResolvedValueOnce(ASSERTION);
    const { router } = renderRoute('/login');
    const user = userEvent.setup();
    await user.click(await passkeyButton());
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    await user.click(await passkeyButton());
    expect(
      await screen.findByText('Passkey sign-in was cancelled or timed out. Try again, or log in with your password.'),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('speaks French when French is the language', async () => {
    await changeLanguage('fr', { remember: true });
    backend(() => json({}));
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Se connecter avec une clé d’accès' })).toBeInTheDocument();
  });
});
