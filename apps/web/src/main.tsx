import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from '@/app/router';
import { setUnauthorizedHandler } from '@/lib/api/unauthorized';
import { i18nReady } from '@/lib/i18n/i18n';
import '@/lib/theme/theme';

const router = createRouter();

// A 401 has already cleared the session; move to /login through the router (no full reload).
setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

// French texts (when French is the language) arrive before the first render: no flash of English.
await i18nReady;

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
