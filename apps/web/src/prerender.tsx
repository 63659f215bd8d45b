import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '@/app/router';
import { i18nReady } from '@/lib/i18n/i18n';
import { PrerenderedVariant, type PageVariant } from '@/lib/page-variant';

/** The language the pages are prerendered in; main.tsx hydrates only a page that opens in it. */
export const PRERENDER_LANGUAGE = 'en';

/**
 * The HTML of a public page as main.tsx first renders it in the browser: signed out, in English, no hash or
 * query. Run at build time by the prerender-pages plugin (vite.config.ts), in Node; the browser then shows
 * the page before its JavaScript has run and hydrates it (docs/decisions/0009-performance-budgets.md: the login form within 0.4 s).
 */
export const renderPage = async (path: string, variant: PageVariant): Promise<string> => {
  await i18nReady;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}: only pages render`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <PrerenderedVariant value={variant}>
        {/* hydrate={false}: no inline data script (the CSP allows none); main.tsx loads the route modules itself. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PrerenderedVariant>
    </StrictMode>,
  );
};
