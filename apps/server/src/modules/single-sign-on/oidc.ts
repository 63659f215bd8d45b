import type * as OpenIdClient from 'openid-client';
import type { Config } from '../../config';
import type { IdentityClaims } from './sso-rules';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Plain-http issuers (a local test provider) are refused in production. */
  allowInsecure: boolean;
}

/** Single sign-on settings, or null when it is not configured (all three values are needed). */
export const oidcSettingsOf = (config: Config): OidcSettings | null =>
  config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
    ? {
        issuer: new URL(config.OIDC_ISSUER),
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        allowInsecure: config.NODE_ENV !== 'production',
      }
    : null;

export const OIDC_SCOPE = 'openid email profile';

export interface SignInChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** Who the provider says signed in. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  claims: IdentityClaims;
}

export interface OidcClient {
  authorizationUrl(redirectUri: string, checks: SignInChecks): Promise<URL>;
  /** Validates the authorization response and the ID token (signature, iss, aud, exp, nonce, PKCE). */
  finish(callbackUrl: URL, checks: SignInChecks): Promise<ProviderIdentity>;
}

/** openid-client, loaded with the first single sign-on: most instances' sessions never start one. */
export const openIdClientLibrary = (): Promise<typeof OpenIdClient> => import('openid-client');

/**
 * The authorization-code flow with PKCE, state and nonce. The provider's discovered configuration
 * is fetched once and kept; a failed discovery is forgotten so the next sign-in retries it.
 */
export const createOidcClient = (settings: OidcSettings): OidcClient => {
  let discovered: Promise<OpenIdClient.Configuration> | null = null;
  const configuration = async () => {
    const client = await openIdClientLibrary();
    discovered ??= client
      .discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, {
        ...(settings.allowInsecure && settings.issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    async authorizationUrl(redirectUri, checks) {
      const client = await openIdClientLibrary();
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(callbackUrl, checks) {
      const client = await openIdClientLibrary();
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      let claims: IdentityClaims = idToken;
      // Providers that keep profile claims out of the ID token serve them from userinfo.
      if (typeof idToken.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
        const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...userinfo, ...idToken, email: userinfo.email, email_verified: userinfo.email_verified };
      }
      return { issuer: idToken.iss, subject: idToken.sub, claims };
    },
  };
};
