import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@/lib/i18n/i18n';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

const fill = async (username = 'casey', password = 'Demo-Pass-2025!') => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
};

const MICROSOFT = { providers: [{ id: 'microsoft', name: 'Microsoft' }] };

/**
 * The login answer for POST /a/v1/Authenticate and the single sign-on providers; everything else (the
 * dashboard behind it) answers 404. `signIns()` are the sign-in calls so far.
 */
const backend = (login: () => Response, providers: object = MICROSOFT) => {
  const mock = mockFetch(({ url }) => {
    if (url.pathname === '/a/v1/Authenticate') return login();
    if (url.pathname === '/a/v1/openid/providers') return json(providers);
    return json({ error: 'not in this test' }, 404);
  });
  return { ...mock, signIns: () => mock.calls.filter((c) => c.url.pathname === '/a/v1/Authenticate') };
};

describe('/login', () => {
  it('shows the spec texts and the single sign-on link', async () => {
    backend(() => json({}));
    renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to the Example Telecom billing dashboard, please log in to continue.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(await screen.findByRole('link', { name: 'Sign in with Microsoft' })).toHaveAttribute(
      'href',
      `/a/v1/openid/microsoft-login?returnUrl=${encodeURIComponent('http://localhost:3000/login-callback')}`,
    );
  });

  it('hides the single sign-on link when the auth service lists no provider', async () => {
    const { fn } = backend(() => json({}), { providers: [] });
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    await waitFor(() => expect(fn).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Sign in with Microsoft' })).not.toBeInTheDocument();
  });

  it('requires username and password, without calling the service', async () => {
    const { signIns } = backend(() => json({}));
    renderRoute('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(signIns()).toHaveLength(0);
  });

  it('without Remember me stores the token for this tab only and goes to /', async () => {
    const token = makeToken();
    localStorage.setItem('token', 'stale-remembered-token');
    const { signIns } = backend(() => json({ successful: true, token, error: null }));
    const { router } = renderRoute('/login');
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signIns()[0]!.body).toEqual({ username: 'casey', password: 'Demo-Pass-2025!' });
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a deep link opened signed out goes through /login and lands on the link after sign-in', async () => {
    const token = makeToken();
    backend(() => json({ successful: true, token, error: null }));
    const { router } = renderRoute('/invoices?period=3m');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/invoices?period=3m')}`);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(router.state.location.search).toBe('?period=3m');
  });

  it.each(['https://evil.example/invoices', '//evil.example/invoices'])('refuses an off-origin next (%s): sign-in lands on /', async (next) => {
    const token = makeToken();
    backend(() => json({ successful: true, token, error: null }));
    const { router } = renderRoute(`/login?next=${encodeURIComponent(next)}`);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('with Remember me stores the token persistently and removes the tab copy', async () => {
    const token = makeToken();
    const { router } = (() => {
      backend(() => json({ successful: true, token, error: null }));
      return renderRoute('/login');
    })();
    const user = await fill();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBe(token);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it.each([
    [
      'the server error text',
      () => json({ successful: false, token: null, error: 'The username or password is incorrect.' }),
      'The username or password is incorrect.',
    ],
    ['"Login failed" when the server gives no text', () => json({ successful: false, token: null, error: null }), 'Login failed'],
    [
      'the {error} of a failed call',
      () => json({ error: 'Too many attempts. Try again in a few minutes.' }, 429),
      'Too many attempts. Try again in a few minutes.',
    ],
    ['the exception message when the call fails', () => json('', 500), 'An unexpected server error occurred.'],
  ])('shows %s in a red alert', async (_name, answer, message) => {
    backend(answer);
    const { router } = renderRoute('/login');
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Error:${message}`);
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it.each([
    [3, 'The username or password is incorrect. 3 attempts left before sign-in is paused. If you forgot your password, reset it instead.'],
    [1, 'The username or password is incorrect. 1 attempt left before sign-in is paused. If you forgot your password, reset it instead.'],
    [0, 'The username or password is incorrect. Sign-in is now paused for a while. Reset your password to sign in at once.'],
  ])('warns when %i attempts are left', async (attemptsLeft, message) => {
    backend(() => json({ successful: false, token: null, error: 'The username or password is incorrect.', attemptsLeft }));
    renderRoute('/login');
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error:${message}`);
  });

  it('warns in French when French is the language', async () => {
    await changeLanguage('fr', { remember: true });
    backend(() => json({ successful: false, token: null, error: 'The username or password is incorrect.', attemptsLeft: 2 }));
    renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nom d’utilisateur'), 'casey');
    await user.type(screen.getByLabelText('Mot de passe'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Il vous reste 2 essais avant que la connexion soit suspendue.');
  });

  it('shows the network error message when the service cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRoute('/login');
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
  });

  it('signs in with a one-time link (#otl=) and forgets the token', async () => {
    const token = makeToken({ name: 'Link User' });
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/a/v1/Authenticate/OneTimeLogin'
        ? json({ successful: true, token, error: null })
        : json({ error: 'x' }, 404),
    );
    const { router } = renderRoute('/login#otl=one-time-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.url.pathname === '/a/v1/Authenticate/OneTimeLogin').map((c) => c.body)).toEqual([
      { token: 'one-time-123' },
    ]);
    expect(sessionStorage.getItem('token')).toBe(token);
  });

  it('explains an expired one-time link', async () => {
    mockFetch(() => json({ successful: false, token: null, error: 'This login link has expired or was already used.' }));
    renderRoute('/login#otl=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This login link has expired or was already used.');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });
});
