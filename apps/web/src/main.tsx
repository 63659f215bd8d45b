import './index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter, loadMatchedRoutes } from '@/app/router';
import { setUnauthorizedHandler } from '@/lib/api/unauthorized';
import { currentLanguage, i18nReady } from '@/lib/i18n/i18n';
import { warmUpFormatters } from '@/lib/intl-warm-up';
import { getSession } from '@/lib/session/session-store';
import { readSignOutReason } from '@/lib/session/sign-out-reason';
import '@/lib/theme/theme';

// A signed-in page formats money, dates and countries as soon as its data arrives: their ICU data loads now, in
// a worker, while its chunks download (lib/intl-warm-up.ts).
if (getSession() !== null) warmUpFormatters(currentLanguage());

// French texts (when French is the language) arrive before the first render: no flash of English.
await i18nReady;

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/**
 * A page prerendered at build time (vite.config.ts) is hydrated only when the browser opens it as it was
 * rendered: same path, same language, signed out, no sign-out reason to show, no `#` token. Otherwise the
 * app renders from scratch (theme-init.js has kept the stale HTML hidden).
 */
const { prerendered, prerenderedLanguage } = container.dataset;
const hydrate =
  prerendered === window.location.pathname &&
  prerenderedLanguage === currentLanguage() &&
  !window.location.hash &&
  getSession() === null &&
  readSignOutReason() === null;
if (hydrate) await loadMatchedRoutes(window.location.pathname);
else {
  container.replaceChildren();
  container.removeAttribute('inert');
}
document.documentElement.classList.remove('prerender-stale');

const router = createRouter();

// A 401 has already cleared the session; move to /login through the router (no full reload).
setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
if (hydrate) hydrateRoot(container, app);
else createRoot(container).render(app);
