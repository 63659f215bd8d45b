/**
 * Server-side sessions: every session token names one (`sid`). Ending sessions writes the row and
 * notifies every instance in the same transaction (`SESSION_CHANNEL`), so no request after the
 * commit is served under the old session anywhere.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { sessions } from '../../db/schema';
import { deviceName } from '../../lib/device-name';
import { announceRevocation, SESSION_CHANNEL, type Revocation } from '../../lib/session-gate';

/** Where a sign-in came from, as the sessions list shows it. */
export interface SignInClient {
  ip: string;
  userAgent: string | undefined;
}

export type SessionRow = typeof sessions.$inferSelect;

/** Why sessions end, as the audit log and the row say. */
export type EndReason = 'logout' | 'ended_by_user' | 'password_changed' | 'password_reset' | 'user_disabled' | 'access_changed';

export const createSession = async (
  db: PortalDb,
  { userId, client, now, expiresAt }: { userId: bigint; client: SignInClient; now: Date; expiresAt: Date },
): Promise<SessionRow> => {
  const [row] = await db
    .insert(sessions)
    .values({
      id: randomBytes(18).toString('base64url'),
      userId,
      createdAt: now,
      lastSeenAt: now,
      authenticatedAt: now,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      deviceName: deviceName(client.userAgent),
    })
    .returning();
  return row!;
};

/** Every instance hears of it when the transaction commits; this one forgets the session at once. */
const notify = async (db: PortalDb, revocation: Revocation) => {
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify(revocation)})`);
  announceRevocation(revocation);
};

/** Ends one session of a user; false when it is not theirs or already ended. */
export const endSession = (db: PortalDb, { userId, sessionId, reason, now }: { userId: bigint; sessionId: string; reason: EndReason; now: Date }): Promise<boolean> =>
  db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (ended.length > 0) await notify(tx, { session: sessionId });
    return ended.length > 0;
  });

/**
 * Ends every session of a user but `except` (the caller's own, when they stay signed in); run it in
 * the transaction of the change that causes it. Answers how many ended.
 */
export const endUserSessions = async (
  tx: PortalDb,
  { userId, reason, now, except }: { userId: bigint; reason: EndReason; now: Date; except?: string },
): Promise<number> => {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined))
    .returning({ id: sessions.id });
  if (ended.length > 0) await notify(tx, { user: String(userId) });
  return ended.length;
};

/** The user's live sessions, most recently used first (idle or expired ones are over, whatever the row says). */
export const liveSessions = (db: PortalDb, userId: bigint, now: Date, idleMs: number): Promise<SessionRow[]> =>
  db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
