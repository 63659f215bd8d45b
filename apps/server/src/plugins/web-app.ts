import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const API_PREFIX = /^\/(a|b)(\/|$)/;

/** The prerendered page variant with "Sign in with Microsoft", for deployments where single sign-on is set up. */
const SSO_VARIANT = '.sso.html';

/** The build's compressed copies (apps/web/compress-assets.ts). */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * Serves the built web app; unknown non-API GETs get index.html so client routes deep-link, except the
 * pages the build wrote an HTML file of their own for, `<page>.html`: the prerendered ones (`login.html` for
 * /login, apps/web/prerender-pages.ts) and the public pages that index.html's preloads of the portal would
 * only weigh down (`forgot-password.html`…, apps/web/portal-preloads.ts). Where single sign-on is configured,
 * a page's variant with it (`login.sso.html`), so that its button is there from the first paint rather than
 * moving the page when the providers call answers. API prefixes answer a
 * JSON 404 instead. The build writes `.br` and `.gz` beside every text file above 256 bytes
 * (apps/web/compress-assets.ts); they are sent to clients that accept them (nothing is compressed per request).
 */
export const webAppPlugin = fp<{ distDir: string; ssoConfigured: boolean }>(async (app, { distDir, ssoConfigured }) => {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  const entries = hasWebApp ? readdirSync(distDir, { withFileTypes: true }) : [];
  const files = new Set(entries.map((entry) => entry.name));
  const pages = new Map(
    [...files]
      .filter((file) => file.endsWith('.html') && file !== 'index.html' && !file.endsWith(SSO_VARIANT))
      .map((file) => {
        const page = file.slice(0, -'.html'.length);
        const variant = `${page}${SSO_VARIANT}`;
        return [`/${page}`, ssoConfigured && files.has(variant) ? variant : file];
      }),
  );
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // The routes are the ones below: @fastify/static's own, a GET and a HEAD for each of the build's
      // 127 files, held 1 MB of every instance's heap.
      serve: false,
      index: false,
      // Chosen by Accept-Encoding, with Content-Encoding and Vary (index.html too, see below).
      preCompressed: true,
      // Files only, reached through their uncompressed names only; a directory (`/assets/`) is a client
      // route, as every other path without a file.
      allowedPath: (pathname) => !pathname.endsWith('/') && !PRECOMPRESSED.test(pathname),
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // A route per file at the top, one for everything under assets/: API paths never reach a wildcard.
    const topFiles = entries.filter((entry) => entry.isFile() && !PRECOMPRESSED.test(entry.name));
    for (const { name } of topFiles) app.get(`/${name}`, { schema: { hide: true } }, (_request, reply) => reply.sendFile(name));
    app.get('/assets/*', { schema: { hide: true } }, (request, reply) => reply.sendFile(`assets/${(request.params as { '*': string })['*']}`));
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIX.test(pathname) && !path.extname(pathname);
    if (wantsPage && hasWebApp) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(pages.get(pathname) ?? 'index.html');
    }
    return reply.status(404).send({ error: `No such route: ${request.method} ${pathname}` });
  });
});
