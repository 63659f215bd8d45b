import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { BILLING_AUDIENCE, SessionClaimsSchema, accountIdsFromScopes } from '@portal/contract';
import { unauthorized } from '../errors';
import type { Caller } from '../lib/caller';
import type { SessionGate, SessionState } from '../lib/session-gate';
import { addRememberedCount } from '../lib/metrics';

const VERIFIED_CACHE_SIZE = 10_000;
const VERIFIED_CACHE_MS = 5 * 60 * 1000;

/**
 * Verifies a bearer token against the published keys only (docs/decisions/0001-two-services-one-contract.md).
 *
 * A session sends the same token on every request, and signature checks through WebCrypto cost
 * about a tenth of a billing request's CPU, so verified callers are remembered per token — for at
 * most 5 minutes (a key rotated out of the JWKS stops working within that) and never past the
 * token's own expiry, which is checked on every use.
 */
export interface TokenRules {
  /** The only `iss` accepted (the auth service). */
  issuer: string;
  /** The longest a session token may live, from `iat` to `exp`, and the oldest `iat` accepted. */
  maxLifetimeSeconds: number;
  now: () => Date;
}

export const createTokenVerifier = (keys: JWTVerifyGetKey, { issuer, maxLifetimeSeconds, now }: TokenRules) => {
  const verified = new Map<string, { caller: Caller; expiresAt: number; cachedUntil: number }>();

  const verify = async (token: string): Promise<{ caller: Caller; expiresAt: number }> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        audience: BILLING_AUDIENCE,
        issuer,
        requiredClaims: ['iat', 'exp'],
        algorithms: ['EdDSA', 'RS256'],
        currentDate: now(),
      });
      const claims = SessionClaimsSchema.parse(payload);
      if (!/^\d{1,19}$/.test(claims.sub)) throw unauthorized();
      // Never older, nor made to last longer, than a session may live (jose's maxTokenAge would also
      // refuse an `iat` ahead of our clock, which the lifetime bound already makes harmless).
      const nowSeconds = Math.floor(now().getTime() / 1000);
      if (payload.exp! - payload.iat! > maxLifetimeSeconds || nowSeconds - payload.iat! > maxLifetimeSeconds) throw unauthorized();
      const caller: Caller = {
        userId: BigInt(claims.sub),
        sessionId: claims.sid,
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

  /**
   * Forgets the oldest callers once their 5 minutes are over (the map holds them oldest first): the
   * token of a session that was ended or abandoned is never sent again, and stayed until 10,000 newer
   * ones had pushed it out — the heap grew by every sign-in for hours (bench/README.md, soak).
   */
  const forgetStale = (at: number) => {
    for (const [token, entry] of verified) {
      if (entry.cachedUntil > at) break;
      verified.delete(token);
    }
  };

  const verifyToken = async (token: string): Promise<Caller> => {
    const at = now().getTime();
    const hit = verified.get(token);
    if (hit && at < hit.cachedUntil) {
      if (at >= hit.expiresAt) throw unauthorized('Your session has expired. Please log in again.');
      return hit.caller;
    }
    verified.delete(token);
    const { caller, expiresAt } = await verify(token);
    forgetStale(at);
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, { caller, expiresAt, cachedUntil: Math.min(expiresAt, at + VERIFIED_CACHE_MS) });
    return caller;
  };
  /** How many verified callers are remembered. */
  return Object.assign(verifyToken, { remembered: () => verified.size });
};

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
};

/** What the person is told when their session is over, by why it is. */
export const SESSION_ENDED_MESSAGES: Record<Exclude<SessionState, 'live'>, string> = {
  revoked: 'Your session has ended. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
  idle: 'You were logged out after a period without activity. Please log in again.',
  unknown: 'Your session is not valid. Please log in again.',
};

/**
 * Decorates `request.caller`; `app.requireCaller` is the onRequest hook of every route that needs
 * a session (401 without a valid token, or when the token's session is no longer live).
 */
export const authenticatePlugin = fp<{ verify: TokenVerifier; sessions: SessionGate }>(async (app, { verify, sessions }) => {
  const stopCounting = addRememberedCount(() => ({ sessions: sessions.remembered(), verified_tokens: verify.remembered() }));
  app.addHook('onClose', async () => stopCounting());
  app.decorateRequest('caller', null);
  app.decorate('requireCaller', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw unauthorized('Please log in to continue.');
    const caller = await verify(token);
    const state = await sessions.check(caller.sessionId, caller.userId);
    if (state !== 'live') throw unauthorized(SESSION_ENDED_MESSAGES[state]);
    request.caller = caller;
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    requireCaller: (request: FastifyRequest) => Promise<void>;
  }
}

