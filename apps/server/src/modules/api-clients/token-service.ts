/**
 * The token endpoint (RFC 6749 §4.4, client credentials): authenticates the client by its secret (the
 * current one or one within its grace period), throttles wrong secrets by the sign-in rules, and answers
 * a 15-minute token for the scopes asked (all the client's by default). Errors are RFC 6749 §5.2's.
 */
import { CLIENT_TOKEN_TTL_SECONDS, type OAuthErrorCode, type TokenResponse } from '@portal/contract';
import type { Deps } from '../../http/deps';
import { recordAudit } from '../../lib/audit';
import { THROTTLE_RULES } from '../sessions';
import { grantedScopes, presentedCredentials, secretMatches } from './credentials';
import { findClientForToken } from './repository';
import { signClientToken } from './token';

export const CLIENT_CREDENTIALS = 'client_credentials';

export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 429,
    readonly code: OAuthErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The issuer is the auth service's (`AUTH_ISSUER`): tokens name it and `WWW-Authenticate` gives it as the realm. */
export type TokenDeps = Pick<Deps, 'db' | 'clock' | 'keyStore' | 'limiter'> & { issuer: string };

export interface TokenRequest {
  authorization: string | undefined;
  contentType: string | undefined;
  fields: Record<string, unknown>;
  ip: string;
}

const MINUTE = 60_000;

/** A token request is refused as a client whose secret is wrong, whatever the reason, so nothing is learnt about which ids exist. */
const unknownClient = (realm: string) =>
  new OAuthError(401, 'invalid_client', 'Client authentication failed.', { 'www-authenticate': `Basic realm="${realm}", charset="UTF-8"` });

const singleField = (fields: Record<string, unknown>, name: string): string | undefined => {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new OAuthError(400, 'invalid_request', `The parameter ${name} may be given only once, as text.`);
  return value;
};

/** The counters of a token request: per client and address (so a stranger cannot lock a client out), and per address. */
const throttleChecks = (clientId: string, ip: string) => [
  { key: `oauth-token:client:${clientId}:ip:${ip}`, rule: THROTTLE_RULES.loginPerUsername },
  { key: `oauth-token:ip:${ip}`, rule: THROTTLE_RULES.loginPerAddress },
];

export const issueClientToken = async (deps: TokenDeps, request: TokenRequest): Promise<TokenResponse> => {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.contentType ?? '')) {
    throw new OAuthError(400, 'invalid_request', 'The token request must be sent as application/x-www-form-urlencoded.');
  }
  const grantType = singleField(request.fields, 'grant_type');
  const scope = singleField(request.fields, 'scope');
  for (const name of ['client_id', 'client_secret']) singleField(request.fields, name);
  if (grantType === undefined) throw new OAuthError(400, 'invalid_request', 'The parameter grant_type is required.');
  if (grantType !== CLIENT_CREDENTIALS) throw new OAuthError(400, 'unsupported_grant_type', 'Only the client_credentials grant is supported.');

  const credentials = presentedCredentials(request.authorization, request.fields);
  if ('problem' in credentials) {
    if (credentials.problem === 'none') {
      throw new OAuthError(401, 'invalid_client', 'Client authentication is required.', { 'www-authenticate': `Basic realm="${deps.issuer}", charset="UTF-8"` });
    }
    throw new OAuthError(400, 'invalid_request', credentials.problem === 'both' ? 'Use one client authentication method, not two.' : 'The client credentials are malformed.');
  }

  const now = deps.clock.now();
  let retryAfterMs = -1;
  const checks = throttleChecks(credentials.clientId, request.ip);
  for (const { key, rule } of checks) {
    const decision = await deps.limiter.hit(key, rule);
    if (!decision.allowed) retryAfterMs = Math.max(retryAfterMs, decision.retryAfterMs);
  }
  if (retryAfterMs >= 0) {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
    throw new OAuthError(429, 'slow_down', `Too many token requests. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    });
  }

  const found = await findClientForToken(deps.db, credentials.clientId, now);
  if (!found || !secretMatches(credentials.clientSecret, found.secretHashes)) throw unknownClient(deps.issuer);
  const { client } = found;
  await deps.limiter.reset(checks[0]!.key);
  if (client.disabledAt) throw new OAuthError(401, 'invalid_client', 'This API client is disabled.', { 'www-authenticate': `Basic realm="${deps.issuer}", charset="UTF-8"` });

  const scopes = grantedScopes(scope, client.scopes);
  if (scopes === null) throw new OAuthError(400, 'invalid_scope', `This client may ask only for: ${client.scopes.join(' ')}.`);

  const keys = await deps.keyStore.current();
  const accessToken = await signClientToken(keys, { clientId: client.clientId, scopes }, { issuer: deps.issuer, now });
  await recordAudit(deps.db, {
    actorUserId: null,
    actorClientId: client.id,
    accountId: null,
    action: 'api_client.token_issued',
    entity: 'api_client',
    entityId: client.id,
    details: { name: client.name, clientId: client.clientId, scope: scopes.join(' '), method: credentials.method },
  });
  return { access_token: accessToken, token_type: 'Bearer', expires_in: CLIENT_TOKEN_TTL_SECONDS, scope: scopes.join(' ') };
};
