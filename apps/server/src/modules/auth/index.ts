import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contract';
import { route } from '../../http/route';
import { createRateLimiter } from '../../lib/rate-limit';
import type { SigningKeyStore } from './keys';
import type { AuthDeps } from './context';
import { preparePasswordReset, RESET_PURPOSE } from './password-service';
import { prepareSecurityNotice, SECURITY_NOTICE_PURPOSE } from './security-notice';
import { createOidcClient, oidcSettingsOf, type OidcClient } from './oidc';
import { loadSignInKey } from './oidc-state';
import { loginRoutes } from './routes/login';
import { openIdRoutes } from './routes/openid';
import { passkeyRoutes } from './routes/passkeys';
import { passwordRoutes } from './routes/password';
import { usersRoutes } from './routes/users';
import { sessionRoutes } from './routes/sessions';
import { twoFactorRoutes } from './routes/two-factor';
import { TOTP_CONTEXT } from './two-factor';
import { createSecretBox } from '../../lib/secret-box';
import type { ProviderIdentity } from './oidc';
import { signInWithIdentity } from './sso-service';
import { callbackFragment } from './sso-rules';
import { signInClient } from './routes/shared';

/** Signs in an identity vouched for outside OpenID Connect, as the provider's callback would; answers the login-callback fragment. */
export type SsoLanding = (identity: ProviderIdentity, request: FastifyRequest) => Promise<Record<string, string>>;

export interface AuthModuleOptions {
  keyStore: SigningKeyStore;
  /** Default: from config.OIDC_*; null when not configured. */
  oidc?: OidcClient | null;
  /** Routes handed single sign-on's landing (the demo's sign-in link, outside production). */
  ssoLandingRoutes?: FastifyPluginAsync<{ signIn: SsoLanding }> | undefined;
}

const HOUR = 3_600_000;

/** The auth service of the spec, under /a. */
export const authModule: FastifyPluginAsync<AuthModuleOptions> = async (app, options) => {
  const { config } = app;
  const oidcSettings = oidcSettingsOf(config);
  const oidc = options.oidc !== undefined ? options.oidc : oidcSettings && createOidcClient(oidcSettings);
  const deps: AuthDeps = {
    db: app.db,
    clock: app.clock,
    config,
    keyStore: options.keyStore,
    limiter: createRateLimiter(app.db, app.clock),
    outbox: app.outbox,
    totpSecrets: createSecretBox(config.SECRETS_KEY, TOTP_CONTEXT),
    log: app.log,
  };

  route(app, endpoints.jwks, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return (await options.keyStore.current()).jwks;
  });

  app.outbox.registerPreparer(RESET_PURPOSE, preparePasswordReset(deps));
  app.outbox.registerPreparer(SECURITY_NOTICE_PURPOSE, prepareSecurityNotice({ db: deps.db, publicOrigin: config.PUBLIC_ORIGIN }));

  await app.register(loginRoutes, { deps });
  await app.register(passwordRoutes, { deps });
  await app.register(usersRoutes, { deps });
  await app.register(sessionRoutes, { deps });
  await app.register(twoFactorRoutes, { deps });
  await app.register(passkeyRoutes, { deps });
  await app.register(openIdRoutes, { deps, oidc, signInKey: await loadSignInKey(app.db) });
  if (options.ssoLandingRoutes) {
    const signIn: SsoLanding = async (identity, request) => callbackFragment(await signInWithIdentity(deps, identity, signInClient(request)));
    await app.register(options.ssoLandingRoutes, { signIn });
  }

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
};

/** Signing keys (loaded once by the app; tests sign tokens the way the auth service does). */
export { createSigningKeyStore, loadSigningKeys, rotateSigningKey, SIGNING_ALGORITHM, SIGNING_KEY_CONTEXT, type SigningKeyStore, type SigningKeys } from './keys';
/** API clients' wrong secrets are throttled by the sign-in rules. */
export { THROTTLE_RULES } from './throttle';
export { oidcSettingsOf } from './oidc';
export { signSessionToken } from './session-token';
export { createSession } from './sessions';
