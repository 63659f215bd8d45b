import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { BILLING_AUDIENCE, SessionClaimsSchema, accountIdsFromScopes } from '@portal/contract';
import { unauthorized } from '../errors';

/** Who is calling, as the verified session token says. */
export interface Caller {
  userId: bigint;
  name: string;
  roles: string[];
  /** Accounts named by the token's `ac:{id}` scopes (their sub-accounts are reachable too). */
  accountIds: bigint[];
  /** Staff and Admin reach every account. */
  isStaff: boolean;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const VERIFIED_CACHE_SIZE = 10_000;
const VERIFIED_CACHE_MS = 5 * 60 * 1000;

/**
 * Verifies a bearer token against the published keys only (decisions §1).
 *
 * A session sends the same token on every request, and signature checks through WebCrypto cost
 * about a tenth of a billing request's CPU, so verified callers are remembered per token — for at
 * most 5 minutes (a key rotated out of the JWKS stops working within that) and never past the
 * token's own expiry, which is checked on every use.
 */
export const createTokenVerifier = (keys: JWTVerifyGetKey, now: () => Date) => {
  const verified = new Map<string, { caller: Caller; expiresAt: number; cachedUntil: number }>();

  const verify = async (token: string): Promise<{ caller: Caller; expiresAt: number }> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        audience: BILLING_AUDIENCE,
        algorithms: ['EdDSA', 'RS256'],
        currentDate: now(),
      });
      const claims = SessionClaimsSchema.parse(payload);
      if (!/^\d{1,19}$/.test(claims.sub)) throw unauthorized();
      const caller: Caller = {
        userId: BigInt(claims.sub),
        name: claims.name,
        roles: claims.roles,
        accountIds: accountIdsFromScopes(claims.scopes),
        isStaff: claims.roles.includes('Staff') || claims.roles.includes('Admin'),
        isAdmin: claims.roles.includes('Admin'),
      };
      return { caller, expiresAt: claims.exp * 1000 };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized('Your session has expired. Please log in again.');
      throw unauthorized('Your session is not valid. Please log in again.');
    }
  };

  return async (token: string): Promise<Caller> => {
    const at = now().getTime();
    const hit = verified.get(token);
    if (hit && at < hit.cachedUntil) {
      if (at >= hit.expiresAt) throw unauthorized('Your session has expired. Please log in again.');
      return hit.caller;
    }
    verified.delete(token);
    const { caller, expiresAt } = await verify(token);
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, { caller, expiresAt, cachedUntil: Math.min(expiresAt, at + VERIFIED_CACHE_MS) });
    return caller;
  };
};

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
};

/**
 * Decorates `request.caller`; `app.requireCaller` is the onRequest hook of every route that needs
 * a session (401 without a valid token).
 */
export const authenticatePlugin = fp<{ verify: TokenVerifier }>(async (app, { verify }) => {
  app.decorateRequest('caller', null);
  app.decorate('requireCaller', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw unauthorized('Please log in to continue.');
    request.caller = await verify(token);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    requireCaller: (request: FastifyRequest) => Promise<void>;
  }
}

/** The caller of a route behind `requireCaller`. */
export const callerOf = (request: FastifyRequest): Caller => {
  if (!request.caller) throw unauthorized('Please log in to continue.');
  return request.caller;
};
