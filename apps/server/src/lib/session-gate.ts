/**
 * Whether a token's session is still live, checked on every signed-in request without a database
 * round trip: each instance remembers the sessions it has seen, and hears of every revocation
 * through PostgreSQL NOTIFY on `SESSION_CHANNEL` (delivered to every instance when the revoking
 * transaction commits), which makes it read that session again.
 */
import { eq } from 'drizzle-orm';
import type { PortalDb } from '../db/client';
import { sessions } from '../db/schema';

export const SESSION_CHANNEL = 'session_revocations';

export type SessionState = 'live' | 'revoked' | 'expired' | 'idle' | 'unknown';

/** A notification's payload: one session, or every session of a user. */
export type Revocation = { session: string } | { user: string };

interface Known {
  userId: bigint;
  revoked: boolean;
  expiresAt: number;
  lastSeenAt: number;
  /** When last_seen_at was last written: at most once a minute per session and instance. */
  writtenAt: number;
}

const SEEN_WRITE_MS = 60_000;
const MAX_KNOWN = 100_000;

/**
 * Gates of this process: a revocation is applied to them at once by the instance that makes it
 * (dropping an entry is always safe: the next check reads the row), so its own next request never
 * waits for the notification's round trip; other instances hear the NOTIFY.
 */
const gatesOfThisProcess = new Set<SessionGate>();

/** Applies a revocation to every gate of this process (called where sessions are ended). */
export const announceRevocation = (revocation: Revocation): void => {
  const payload = JSON.stringify(revocation);
  for (const gate of gatesOfThisProcess) gate.apply(payload);
};

export interface SessionGate {
  check(sessionId: string, userId: bigint): Promise<SessionState>;
  /** How many sessions it remembers. */
  remembered(): number;
  /** Applies a revocation notification (unknown payloads are ignored). */
  apply(payload: string): void;
  /** Forgets everything (after notifications may have been missed). */
  reset(): void;
  /** Stops taking this process's revocations (the app is closing). */
  dispose(): void;
}

export const createSessionGate = ({ db, idleMs, now, onError }: { db: PortalDb; idleMs: number; now: () => Date; onError: (error: unknown) => void }): SessionGate => {
  const known = new Map<string, Known>();
  let sweptAt = 0;

  /**
   * Forgets, at most once a minute, the sessions this instance has seen go idle past the timeout or
   * expire: such an entry is read again before any answer anyway, and each ended or abandoned session
   * otherwise stayed until 100,000 newer ones had pushed it out (bench/README.md, soak).
   */
  const forgetFinished = (at: number) => {
    if (at - sweptAt < SEEN_WRITE_MS) return;
    sweptAt = at;
    for (const [id, entry] of known) if (at - entry.lastSeenAt > idleMs || at >= entry.expiresAt) known.delete(id);
  };

  const load = async (sessionId: string): Promise<Known | null> => {
    const [row] = await db
      .select({ userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    if (!row) return null;
    const entry = { userId: row.userId, revoked: row.revokedAt !== null, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime(), writtenAt: row.lastSeenAt.getTime() };
    if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!);
    known.set(sessionId, entry);
    return entry;
  };

  const gate: SessionGate = {
    check: async (sessionId, userId) => {
      const at = now().getTime();
      forgetFinished(at);
      let entry = known.get(sessionId) ?? (await load(sessionId));
      if (!entry || entry.userId !== userId) return 'unknown';
      // Another instance may have served it since: read it again before calling it idle.
      if (!entry.revoked && at - entry.lastSeenAt > idleMs) entry = (await load(sessionId)) ?? entry;
      if (entry.revoked) return 'revoked';
      if (at >= entry.expiresAt) return 'expired';
      if (at - entry.lastSeenAt > idleMs) return 'idle';
      entry.lastSeenAt = at;
      if (at - entry.writtenAt >= SEEN_WRITE_MS) {
        entry.writtenAt = at;
        db.update(sessions).set({ lastSeenAt: new Date(at) }).where(eq(sessions.id, sessionId)).catch(onError);
      }
      return 'live';
    },
    apply: (payload) => {
      let revocation: Revocation;
      try {
        revocation = JSON.parse(payload) as Revocation;
      } catch {
        return;
      }
      if ('session' in revocation) known.delete(revocation.session);
      else if ('user' in revocation) {
        for (const [id, entry] of known) if (String(entry.userId) === revocation.user) known.delete(id);
      }
    },
    remembered: () => known.size,
    reset: () => known.clear(),
    dispose: () => gatesOfThisProcess.delete(gate),
  };
  gatesOfThisProcess.add(gate);
  return gate;
};
