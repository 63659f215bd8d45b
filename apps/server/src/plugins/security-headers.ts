import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CSP without inline scripts but those of the web app's own pages, allowed by their hashes
 * (`webAppScriptHashes`), no framing at all (CSP `frame-ancestors 'none'` and `X-Frame-Options: DENY`
 * agree), HSTS whenever the public origin is https.
 */
const securityHeaderOptions = (https: boolean, scriptHashes: readonly string[]) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes],
      // Dialog primitives inject <style> elements (scroll locking); scripts stay 'self' (and the pages' own inline ones, by hash).
      styleSrc: ["'self'", "'unsafe-inline'"],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  },
  frameguard: { action: 'deny' as const },
  hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
});

/**
 * The headers on a raw response: every answer's (the hook below), and those written before any hook
 * runs (errors the router raises itself, see `frameworkErrors` in app.ts). Helmet's middleware is built
 * once here; @fastify/helmet rebuilt it, parsing the CSP directives, on every request (5 % of a
 * small answer's CPU).
 */
export const rawSecurityHeaders = (https: boolean, scriptHashes: readonly string[]) => {
  const middleware = helmet(securityHeaderOptions(https, scriptHashes));
  return (request: IncomingMessage, response: ServerResponse): Promise<void> =>
    new Promise((resolve, reject) => middleware(request, response, (error?: unknown) => (error ? reject(error as Error) : resolve())));
};

export const securityHeadersPlugin = fp<{ https: boolean; scriptHashes: readonly string[] }>(async (app, { https, scriptHashes }) => {
  const apply = rawSecurityHeaders(https, scriptHashes);
  app.addHook('onRequest', (request, reply) => apply(request.raw, reply.raw));
});
