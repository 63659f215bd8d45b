import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, endpoints, LOGIN_CALLBACK_PATH } from '@portal/contract';
import { badRequest } from '../../errors';
import { depsOf, type Deps } from '../../http/deps';
import { route } from '../../http/route';
import { sitePageUrl, withFragment } from '../../lib/site-urls';
import { noStore, readCookie, signInClient } from '../sessions';
import { createOidcClient, oidcSettingsOf, openIdClientLibrary, type OidcClient, type ProviderIdentity } from './oidc';
import { clearedSignInCookie, loadSignInKey, openPendingSignIn, sealPendingSignIn, signInCookie, SIGN_IN_COOKIE } from './oidc-state';
import { signInWithIdentity } from './service';
import { callbackFragment, type SsoResult } from './sso-rules';

/** Signs in an identity vouched for outside OpenID Connect, as the provider's callback would; answers the login-callback fragment. */
export type SsoLanding = (identity: ProviderIdentity, request: FastifyRequest) => Promise<Record<string, string>>;

export interface SingleSignOnOptions {
  /** Routes handed single sign-on's landing (the demo's sign-in link, outside production). */
  landingRoutes?: FastifyPluginAsync<{ signIn: SsoLanding }> | undefined;
}

interface OpenIdRouteOptions {
  deps: Deps;
  /** Null when single sign-on is not configured: no provider is listed, and both routes land on #error=…. */
  oidc: OidcClient | null;
  /** Key of the encrypted sign-in cookie. */
  signInKey: Uint8Array;
}

const CALLBACK_ROUTE = endpoints.openIdCallback.path;

/**
 * Sign in with Microsoft (any OpenID Connect provider by config): code flow with PKCE, state and
 * nonce. The browser ends on `/login-callback#token=…` or `/login-callback#error=…`.
 */
const openIdRoutes = async (app: FastifyInstance, { deps, oidc, signInKey }: OpenIdRouteOptions) => {
  noStore(app);
  const origin = deps.config.PUBLIC_ORIGIN;
  const secure = origin.startsWith('https:');
  const redirectUri = `${origin}${CALLBACK_ROUTE}`;
  const defaultReturn = new URL(LOGIN_CALLBACK_PATH, origin);

  const land = (reply: FastifyReply, page: URL, result: SsoResult) =>
    reply.redirect(withFragment(page, callbackFragment(result)), 302);
  // A link followed anyway (an old bookmark, a page from before the change) gets a readable message on the
  // login-callback screen, never a JSON page.
  const notConfigured = (reply: FastifyReply) => land(reply, defaultReturn, { kind: 'failed', message: AUTH_MESSAGES.ssoNotConfigured });

  route(app, endpoints.openIdProviders, async () => ({ providers: oidc ? [{ id: 'microsoft', name: 'Microsoft' }] : [] }));

  route(app, endpoints.microsoftLogin, async (request, reply) => {
    const provider = oidc;
    if (!provider) return notConfigured(reply);
    const returnPage = sitePageUrl(request.query.returnUrl ?? LOGIN_CALLBACK_PATH, origin, LOGIN_CALLBACK_PATH);
    if (!returnPage) throw badRequest(AUTH_MESSAGES.invalidReturnUrl);
    const client = await openIdClientLibrary();
    const checks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    let authorizationUrl: URL;
    try {
      authorizationUrl = await provider.authorizationUrl(redirectUri, checks);
    } catch (error) {
      request.log.error({ error: error instanceof Error ? error.message : String(error) }, 'identity provider discovery failed');
      return land(reply, returnPage, { kind: 'failed', message: AUTH_MESSAGES.ssoFailed });
    }
    const sealed = await sealPendingSignIn(signInKey, { ...checks, returnUrl: returnPage.toString() }, deps.clock.now());
    reply.header('set-cookie', signInCookie(sealed, secure));
    return reply.redirect(authorizationUrl.toString(), 302);
  });

  route(app, endpoints.openIdCallback, async (request, reply) => {
    const provider = oidc;
    if (!provider) return notConfigured(reply);
    const pending = await openPendingSignIn(signInKey, readCookie(request.headers.cookie, SIGN_IN_COOKIE), deps.clock.now());
    reply.header('set-cookie', clearedSignInCookie(secure));
    // The return page was checked when the cookie was made; checking again costs nothing.
    const returnPage = (pending && sitePageUrl(pending.returnUrl, origin, LOGIN_CALLBACK_PATH)) || defaultReturn;
    if (!pending) {
      request.log.warn('single sign-on callback without a valid sign-in cookie');
      return land(reply, returnPage, { kind: 'failed', message: AUTH_MESSAGES.ssoFailed });
    }
    if (request.query.error) {
      // The provider's own description is not echoed: it is text from outside we would display.
      request.log.info({ providerError: request.query.error }, 'identity provider refused the sign-in');
      return land(reply, returnPage, { kind: 'failed', message: AUTH_MESSAGES.ssoFailed });
    }
    let identity: ProviderIdentity;
    try {
      // Checks state, exchanges the code with the PKCE verifier, validates the ID token and nonce.
      identity = await provider.finish(new URL(request.url, origin), pending);
    } catch (error) {
      request.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'single sign-on failed');
      return land(reply, returnPage, { kind: 'failed', message: AUTH_MESSAGES.ssoFailed });
    }
    return land(reply, returnPage, await signInWithIdentity(deps, identity, signInClient(request)));
  });
};

/** Single sign-on: OpenID Connect with the configured provider (none when `OIDC_*` is not set), and the landing of other vouched-for identities. */
export const singleSignOnRoutes: FastifyPluginAsync<SingleSignOnOptions> = async (app, options) => {
  const deps = depsOf(app);
  const settings = oidcSettingsOf(deps.config);
  await app.register(openIdRoutes, { deps, oidc: settings && createOidcClient(settings), signInKey: await loadSignInKey(deps.db) });
  if (options.landingRoutes) {
    const signIn: SsoLanding = async (identity, request) => callbackFragment(await signInWithIdentity(deps, identity, signInClient(request)));
    await app.register(options.landingRoutes, { signIn });
  }
};
