/**
 * Client tokens: JWT access tokens (RFC 9068, `typ: at+jwt`) signed with the session keys, for the
 * `provider` audience only. Session tokens (audience `billing`, `typ: JWT`) are never accepted in their
 * place, nor these on `/a` or `/b`.
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import { API_CLIENT_SCOPES, CLIENT_TOKEN_TTL_SECONDS, PROVIDER_AUDIENCE, type ApiClientScope } from '@portal/contract';
import { z } from 'zod';
import { SIGNING_ALGORITHM, type SigningKeys } from '../../lib/signing-keys';

const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface ClientTokenSubject {
  clientId: string;
  scopes: readonly string[];
}

export const signClientToken = (keys: SigningKeys, subject: ClientTokenSubject, options: { issuer: string; now: Date }): Promise<string> => {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({ client_id: subject.clientId, scope: subject.scopes.join(' ') })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.current.kid, typ: ACCESS_TOKEN_TYPE })
    .setSubject(subject.clientId)
    .setIssuer(options.issuer)
    .setAudience(PROVIDER_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CLIENT_TOKEN_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(keys.current.privateKey);
};

const ClaimsSchema = z.object({
  sub: z.string().min(1),
  client_id: z.string().min(1),
  scope: z.string(),
  iat: z.number(),
  exp: z.number(),
});

/** A verified client token: which client, with which scopes, until when. */
export interface ClientToken {
  clientId: string;
  scopes: ApiClientScope[];
  expiresAt: Date;
}

export class ClientTokenError extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'The access token has expired.' : 'The access token is not valid.');
  }
}

/** Tokens remembered as verified; a client holds one or two live tokens at a time. */
export const MAX_REMEMBERED_TOKENS = 1_000;

/**
 * Verifies a client token. A token verified once is remembered until it expires (its signature cannot
 * change, and a retired key stays published longer than a client token lives), so a client's calls after
 * its first cost no signature check; expiry is checked on every call.
 */
export const createClientTokenVerifier = (keys: JWTVerifyGetKey, { issuer, now }: { issuer: string; now: () => Date }) => {
  const verified = new Map<string, ClientToken>();
  const verifySigned = async (token: string): Promise<ClientToken> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        audience: PROVIDER_AUDIENCE,
        issuer,
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['iat', 'exp', 'jti', 'sub'],
        algorithms: ['EdDSA', 'RS256'],
        currentDate: now(),
      });
      const claims = ClaimsSchema.parse(payload);
      // Never made to last longer than a client token may.
      if (claims.exp - claims.iat > CLIENT_TOKEN_TTL_SECONDS || claims.sub !== claims.client_id) throw new ClientTokenError(false);
      const scopes = API_CLIENT_SCOPES.filter((scope) => claims.scope.split(' ').includes(scope));
      return { clientId: claims.client_id, scopes, expiresAt: new Date(claims.exp * 1000) };
    } catch (error) {
      if (error instanceof ClientTokenError) throw error;
      throw new ClientTokenError(error instanceof errors.JWTExpired);
    }
  };
  return async (token: string): Promise<ClientToken> => {
    const remembered = verified.get(token);
    if (remembered) {
      // jose's rule: a token is expired from its exp second on.
      if (now().getTime() < remembered.expiresAt.getTime()) return remembered;
      verified.delete(token);
      throw new ClientTokenError(true);
    }
    const fresh = await verifySigned(token);
    if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, fresh);
    return fresh;
  };
};

export type ClientTokenVerifier = ReturnType<typeof createClientTokenVerifier>;
