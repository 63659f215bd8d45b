import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
// Not react-router/dom (main.tsx's): under Vitest it loads a second copy of the router's contexts.
import { RouterProvider } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { createRouter, loadMatchedRoutes } from '@/app/router';
import { json, mockFetch } from '@/test/utils';
import { renderPage } from './prerender';

describe('a prerendered /login', () => {
  it('is the sign-in form, taking input once hydrated, and hydrates without a mismatch', async () => {
    mockFetch(() => json({ providers: [{ id: 'microsoft', name: 'Microsoft' }] }));
    // As prerender-pages.ts writes it into login.html.
    const container = document.body.appendChild(document.createElement('div'));
    container.id = 'root';
    container.setAttribute('inert', '');
    container.innerHTML = await renderPage('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    // What only the browser knows is left out of the HTML, but for the passkey button: it keeps its place, so
    // the card does not move when the page goes live.
    expect(screen.queryByRole('link', { name: 'Sign in with Microsoft' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey', hidden: true })).toBeInTheDocument();

    // The browser has what Node has not (here the passkey API).
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    window.history.replaceState(null, '', '/login');
    await loadMatchedRoutes('/login');
    const mismatch = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(
        container,
        <StrictMode>
          <RouterProvider router={createRouter()} />
        </StrictMode>,
        { onRecoverableError: mismatch },
      );
    });
    await waitFor(() => expect(screen.getByLabelText('Username')).not.toHaveAttribute('readonly'));
    expect(container).not.toHaveAttribute('inert');
    expect(await screen.findByRole('link', { name: 'Sign in with Microsoft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    expect(mismatch).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('a prerendered /login in a browser without passkeys', () => {
  it('drops the passkey button once hydrated, without a mismatch', async () => {
    mockFetch(() => json({ providers: [] }));
    document.body.replaceChildren();
    const container = document.body.appendChild(document.createElement('div'));
    container.id = 'root';
    container.innerHTML = await renderPage('/login');
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();

    window.history.replaceState(null, '', '/login');
    await loadMatchedRoutes('/login');
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(container, <RouterProvider router={createRouter()} />, { onRecoverableError: mismatch });
    });
    await waitFor(() => expect(screen.getByLabelText('Username')).not.toHaveAttribute('readonly'));
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    expect(mismatch).not.toHaveBeenCalled();
  });
});
