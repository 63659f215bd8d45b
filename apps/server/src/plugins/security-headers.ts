import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CSP without inline scripts, no framing at all (CSP `frame-ancestors 'none'` and
 * `X-Frame-Options: DENY` agree), HSTS whenever the public origin is https.
 */
const securityHeaderOptions = (https: boolean) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Dialog primitives inject <style> elements (scroll locking); scripts stay 'self' only.
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

export const securityHeadersPlugin = fp<{ https: boolean }>(async (app, { https }) => {
  await app.register(fastifyHelmet, securityHeaderOptions(https));
});

/**
 * The same headers on a raw response, for answers written before any hook runs (errors the router
 * raises itself, see `frameworkErrors` in app.ts).
 */
export const rawSecurityHeaders = (https: boolean) => {
  const middleware = helmet(securityHeaderOptions(https));
  return (request: IncomingMessage, response: ServerResponse): Promise<void> =>
    new Promise((resolve, reject) => middleware(request, response, (error?: unknown) => (error ? reject(error as Error) : resolve())));
};
