import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:token|sig|signature|code|state|resetToken|otl)=)[^&#]*/gi;

/** Request URLs without the secrets some of them carry (signed links, OIDC codes). */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

/** Structured logs that never contain passwords, tokens or card data. */
export const loggerOptions = (level: string): FastifyServerOptions['logger'] =>
  level === 'silent'
    ? false
    : {
        level,
        redact: {
          paths: [
            'req.headers.authorization',
            'req.headers.cookie',
            'res.headers["set-cookie"]',
            '*.password',
            '*.newPassword',
            '*.currentPassword',
            '*.token',
            '*.resetToken',
          ],
          censor: '[redacted]',
        },
        serializers: {
          req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
        },
      };
