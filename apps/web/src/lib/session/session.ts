import { SESSION_IDLE_MINUTES_DEFAULT } from '@portal/contract/limits';
import type { Role } from '@portal/contract';
import { jwtDecode } from 'jwt-decode';
import { accountIdsFromScopes } from '@portal/contract/scopes';

// The contract's rule through its zod-free entry: this module is on the /login path.
export { accountIdsFromScopes };

/** The signed-in user as the portal sees it, derived from the token's claims. */
export interface Session {
  token: string;
  /** Subject: the user's id at the auth service. */
  userId: string;
  name: string;
  roles: string[];
  scopes: string[];
  /** Accounts named by `ac:{id}` scopes, in token order. */
  accounts: bigint[];
  /** Admin or Staff: reach every account, so the account selector searches server-side. */
  isStaff: boolean;
  isAdmin: boolean;
  /** Expiry, in milliseconds since the epoch. */
  expiresAt: number;
  /** The server ends the session after this long without a request (its SESSION_IDLE_MINUTES, from the token). */
  idleMinutes: number;
}

const STAFF_ROLES: readonly Role[] = ['Admin', 'Staff'];

const stringList = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;

/**
 * Decodes a session token without verifying it (the services verify it on every call; the browser only needs
 * the claims to render). A token that cannot be decoded, lacks the claims, or has expired is no session.
 */
export const decodeSession = (token: string, now: number = Date.now()): Session | null => {
  let claims: Record<string, unknown>;
  try {
    claims = jwtDecode<Record<string, unknown>>(token);
  } catch {
    return null;
  }
  const roles = claims.roles === undefined ? [] : stringList(claims.roles);
  const scopes = claims.scopes === undefined ? [] : stringList(claims.scopes);
  const exp = claims.exp;
  if (!roles || !scopes || typeof exp !== 'number' || exp * 1000 <= now) return null;
  const name = typeof claims.name === 'string' ? claims.name : typeof claims.sub === 'string' ? claims.sub : '';
  return {
    token,
    userId: typeof claims.sub === 'string' ? claims.sub : '',
    name,
    roles,
    scopes,
    accounts: accountIdsFromScopes(scopes),
    isStaff: roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r)),
    isAdmin: roles.includes('Admin'),
    expiresAt: exp * 1000,
    idleMinutes:
      typeof claims.idleMinutes === 'number' && claims.idleMinutes > 0 ? claims.idleMinutes : SESSION_IDLE_MINUTES_DEFAULT,
  };
};
