import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';

/** Who is calling, as the verified session token says. */
export interface Caller {
  userId: bigint;
  /** The server-side session of the token. */
  sessionId: string;
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

/** The caller of a route whose endpoint needs a session. */
export const callerOf = (request: FastifyRequest): Caller => {
  if (!request.caller) throw unauthorized('Please log in to continue.');
  return request.caller;
};

/** Endpoints for Staff and Admin only: 403 for anyone else. */
export const assertStaff = (caller: Caller): void => {
  if (!caller.isStaff) throw forbidden('Only support staff and administrators can do this.');
};

/** Endpoints for Admin only: 403 for anyone else. */
export const assertAdmin = (caller: Caller): void => {
  if (!caller.isAdmin) throw forbidden('Only administrators can manage users.');
};
