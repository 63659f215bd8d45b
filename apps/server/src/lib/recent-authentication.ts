import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, REAUTHENTICATION_MAX_AGE_MINUTES } from '@portal/contract';
import type { PortalDb } from '../db/client';
import { sessions } from '../db/schema';
import { HttpError } from '../errors';
import type { Caller } from './caller';

const MAX_AGE_MS = REAUTHENTICATION_MAX_AGE_MINUTES * 60_000;

/** Whether a session's last proof of identity is recent enough for a sensitive change (pure). */
export const authenticatedRecently = (authenticatedAt: Date, now: Date): boolean => now.getTime() - authenticatedAt.getTime() <= MAX_AGE_MS;

/**
 * The step-up challenge of RFC 9470: 401 with `error="insufficient_user_authentication"` and `max_age`, so a
 * client tells it from an ended session (a plain 401) and asks for the password before retrying.
 */
export const reauthenticationRequired = () =>
  new HttpError(401, AUTH_MESSAGES.reauthenticationRequired, {
    'WWW-Authenticate': `Bearer error="insufficient_user_authentication", error_description="${AUTH_MESSAGES.reauthenticationRequired}", max_age=${MAX_AGE_MS / 1000}`,
  });

/** Refuses a sensitive change unless the caller's session signed in or confirmed the password lately. */
export const assertRecentAuthentication = async (db: PortalDb, caller: Caller, now: Date): Promise<void> => {
  const [session] = await db.select({ authenticatedAt: sessions.authenticatedAt }).from(sessions).where(eq(sessions.id, caller.sessionId));
  if (!session || !authenticatedRecently(session.authenticatedAt, now)) throw reauthenticationRequired();
};

/** Records a fresh proof of identity on the session (a confirmed password). */
export const markAuthenticated = async (db: PortalDb, sessionId: string, now: Date): Promise<void> => {
  await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, sessionId));
};
