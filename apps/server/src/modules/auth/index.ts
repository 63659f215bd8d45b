import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { createMailer, type Mailer } from '../../lib/mailer';
import { createRateLimiter } from '../../lib/rate-limit';
import type { SigningKeys } from './keys';
import type { AuthDeps } from './context';
import { createBackgroundMail } from './background-mail';
import { createOidcClient, oidcSettingsOf, type OidcClient } from './oidc';
import { loadSignInKey } from './oidc-state';
import { loginRoutes } from './routes/login';
import { openIdRoutes } from './routes/openid';
import { passwordRoutes } from './routes/password';
import { usersRoutes } from './routes/users';

export interface AuthModuleOptions {
  keys: SigningKeys;
  /** Default: SMTP when config.SMTP_URL is set, else the outbox under config.DATA_DIR. */
  mailer?: Mailer;
  /** Default: from config.OIDC_*; null when not configured. */
  oidc?: OidcClient | null;
}

const HOUR = 3_600_000;

/** The auth service of spec §7, under /a. */
export const authModule: FastifyPluginAsync<AuthModuleOptions> = async (app, options) => {
  const { config } = app;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
      log: app.log,
    });
  const oidcSettings = oidcSettingsOf(config);
  const oidc = options.oidc !== undefined ? options.oidc : oidcSettings && createOidcClient(oidcSettings);
  const deps: AuthDeps = {
    db: app.db,
    clock: app.clock,
    config,
    keys: options.keys,
    limiter: createRateLimiter(app.db, app.clock),
    mail: createBackgroundMail(mailer, app.log),
    log: app.log,
  };

  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return options.keys.jwks;
  });

  await app.register(loginRoutes, { deps });
  await app.register(passwordRoutes, { deps });
  await app.register(usersRoutes, { deps });
  await app.register(openIdRoutes, { deps, oidc, signInKey: await loadSignInKey(app.db) });

  // Expired throttling counters are only clutter; any instance may sweep them.
  if (config.JOBS_ENABLED) {
    const sweep = setInterval(() => {
      deps.limiter.prune(new Date(deps.clock.now().getTime() - 24 * HOUR)).catch((error: unknown) => {
        app.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'pruning rate limits failed');
      });
    }, HOUR);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  app.addHook('onClose', async () => {
    await deps.mail.drain();
    mailer.close();
  });
};
