import { screen, waitFor } from '@testing-library/react';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

describe('/logout', () => {
  it('ends the session at the auth service with its token, then clears both stores and shows /login', async () => {
    const token = makeToken();
    localStorage.setItem('token', token);
    sessionStorage.setItem('token', token);
    const { calls } = mockFetch(() => new Response(null, { status: 204 }));
    const { router } = renderRoute('/logout');

    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The login page then asks, signed out, which single sign-on providers to offer: its effect may run
    // after the form has painted.
    await waitFor(() =>
      expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([
        ['POST', '/a/v1/Authenticate/Logout'],
        ['GET', '/a/v1/openid/providers'],
      ]),
    );
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[1]!.headers.get('Authorization')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('signs out on this device even when the auth service fails', async () => {
    localStorage.setItem('token', makeToken());
    mockFetch(() => json({ error: 'Service unavailable' }, 503));
    renderRoute('/logout');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs out on this device even when the auth service cannot be reached', async () => {
    localStorage.setItem('token', makeToken());
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRoute('/logout');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('calls nothing without a session', async () => {
    const { calls } = mockFetch(() => new Response(null, { status: 204 }));
    renderRoute('/logout');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    // The login screen asks which single sign-on providers work; nothing else is called.
    expect(calls.filter((c) => c.url.pathname !== '/a/v1/openid/providers')).toHaveLength(0);
  });
});
