import { screen, waitFor, within } from '@testing-library/react';
import { json, makeToken, mockFetch, renderRoute } from '@/test/utils';

beforeEach(() => {
  mockFetch(() => json({ error: 'not in this test' }, 404));
});

describe('/login-callback', () => {
  it('stores a #token in this tab, removes the persistent copy, and goes to /', async () => {
    const token = makeToken({ name: 'Sso User' });
    localStorage.setItem('token', makeToken({ name: 'Previous' }));
    const { router } = renderRoute(`/login-callback#token=${token}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows "Account awaiting approval" for an #error', async () => {
    const { router } = renderRoute('/login-callback#error=pending');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account awaiting approval' })).toBeInTheDocument();
    expect(
      screen.getByText(
        (_content, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Your account has not yet been approved. Your request will be reviewed by an administrator. Please contact us at +1 800 555 0199 or support@example-telecom.com for further assistance.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
    const help = within(screen.getByRole('region', { name: 'Need Help' }));
    const privacy = help.getByRole('link', { name: /Privacy Policy/ });
    expect(privacy).toHaveAttribute('href', '/privacy-policy');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('rel', 'noopener noreferrer');
    expect(privacy).toHaveTextContent('(opens in a new tab)');
    expect(help.getByRole('link', { name: /Terms of Use/ })).toHaveAttribute('href', '/terms-of-use');
    expect(router.state.location.pathname).toBe('/login-callback');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('shows the service explanation for a failed sign-in', async () => {
    renderRoute('/login-callback#error=failed&error_description=Single%20sign-on%20did%20not%20complete.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in did not complete' })).toBeInTheDocument();
    expect(screen.getByText('Single sign-on did not complete.')).toBeInTheDocument();
  });

  it('without a hash goes to / (and from there to /login without a session)', async () => {
    const { router } = renderRoute('/login-callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
