import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
// Not react-router/dom (main.tsx's): under Vitest it loads a second copy of the router's contexts.
import { RouterProvider } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { createRouter, loadMatchedRoutes } from '@/app/router';
import { json, mockFetch } from '@/test/utils';
import { renderPage } from './prerender';

/** #root as prerender-pages.ts writes it into login.html (or login.sso.html), holding the prerendered page. */
const prerenderedRoot = async ({ ssoListed }: { ssoListed: boolean }) => {
  document.body.replaceChildren();
  const container = document.body.appendChild(document.createElement('div'));
  container.id = 'root';
  container.setAttribute('inert', '');
  if (ssoListed) container.setAttribute('data-sso-listed', '');
  container.innerHTML = await renderPage('/login', { ssoListed });
  return container;
};

/** Roots hydrated by a test, unmounted after it: Testing Library's cleanup knows only the ones it rendered. */
const hydrated: Root[] = [];
// Left mounted, React's scheduled work ran after the last test had torn the DOM down ("window is not defined").
afterEach(() => act(() => hydrated.splice(0).forEach((root) => root.unmount())));

/** main.tsx's hydration of the page at /login; resolves once the form takes input. */
const hydrate = async (container: HTMLElement, onRecoverableError: () => void) => {
  window.history.replaceState(null, '', '/login');
  await loadMatchedRoutes('/login');
  await act(async () => {
    hydrated.push(
      hydrateRoot(
        container,
        <StrictMode>
          <RouterProvider router={createRouter()} />
        </StrictMode>,
        { onRecoverableError },
      ),
    );
  });
  await waitFor(() => expect(screen.getByLabelText('Username')).not.toHaveAttribute('readonly'));
};

describe('a prerendered /login', () => {
  it('is the sign-in form, taking input once hydrated, and hydrates without a mismatch', async () => {
    mockFetch(() => json({ providers: [{ id: 'microsoft', name: 'Microsoft' }] }));
    const container = await prerenderedRoot({ ssoListed: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    // What only the browser knows is left out of the HTML, but for the passkey button: it keeps its place, so
    // the card does not move when the page goes live.
    expect(screen.queryByRole('link', { name: 'Sign in with Microsoft', hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey', hidden: true })).toBeInTheDocument();

    // The browser has what Node has not (here the passkey API).
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const mismatch = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await hydrate(container, mismatch);
    expect(container).not.toHaveAttribute('inert');
    expect(await screen.findByRole('link', { name: 'Sign in with Microsoft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    expect(mismatch).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('a prerendered /login where single sign-on is configured (login.sso.html)', () => {
  it('has "Sign in with Microsoft" before its JavaScript runs, and hydrates without a mismatch', async () => {
    mockFetch(() => json({ providers: [{ id: 'microsoft', name: 'Microsoft' }] }));
    const container = await prerenderedRoot({ ssoListed: true });
    // Node has no origin for the return address: the service's default (its own /login-callback) until live.
    expect(screen.getByRole('link', { name: 'Sign in with Microsoft', hidden: true })).toHaveAttribute('href', '/a/v1/openid/microsoft-login');

    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const mismatch = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await hydrate(container, mismatch);
    expect(screen.getByRole('link', { name: 'Sign in with Microsoft' })).toHaveAttribute(
      'href',
      `/a/v1/openid/microsoft-login?returnUrl=${encodeURIComponent(`${window.location.origin}/login-callback`)}`,
    );
    expect(mismatch).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('drops the button once the auth service lists no provider (the page and the service disagree)', async () => {
    mockFetch(() => json({ providers: [] }));
    const container = await prerenderedRoot({ ssoListed: true });
    const mismatch = vi.fn();
    await hydrate(container, mismatch);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign in with Microsoft' })).not.toBeInTheDocument());
    expect(mismatch).not.toHaveBeenCalled();
  });
});

describe('a prerendered /login in a browser without passkeys', () => {
  it('drops the passkey button once hydrated, without a mismatch', async () => {
    mockFetch(() => json({ providers: [] }));
    const container = await prerenderedRoot({ ssoListed: false });
    expect(screen.getByRole('button', { name: 'Sign in with a passkey', hidden: true })).toBeInTheDocument();

    const mismatch = vi.fn();
    await hydrate(container, mismatch);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    expect(mismatch).not.toHaveBeenCalled();
  });
});
