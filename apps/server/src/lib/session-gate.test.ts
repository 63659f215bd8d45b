import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { createTestDatabase } from '../../test/database';
import { createUser } from '../../test/factories';
import { createSessionGate } from './session-gate';

const IDLE_MS = 30 * 60_000;
const start = new Date('2026-03-02T09:00:00Z');

describe('session gate', () => {
  let database: Database;
  let userId: bigint;

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = (await createUser(database.db)).id;
    const row = (id: string, signedInAt: Date) => ({
      id,
      userId,
      lastSeenAt: signedInAt,
      authenticatedAt: signedInAt,
      expiresAt: new Date(signedInAt.getTime() + 8 * 60 * 60_000),
      ip: '203.0.113.7',
      deviceName: 'Firefox on Linux',
    });
    await database.db
      .insert(sessions)
      .values([
        row('left-1', start),
        row('left-2', start),
        row('active', start),
        row('new', new Date(start.getTime() + 31 * 60_000)),
      ]);
  });
  afterAll(() => database.close());

  /** The gate writes `last_seen_at` in the background: waited for, so that none is left running when the database closes. */
  const written = (id: string, at: number) =>
    vi.waitFor(async () => {
      const [row] = await database.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id));
      expect(row!.lastSeenAt.getTime()).toBe(at);
    });

  it('forgets the sessions it saw go idle, and still answers idle for them from their rows', async () => {
    let at = start.getTime();
    const errors: unknown[] = [];
    const gate = createSessionGate({ db: database.db, idleMs: IDLE_MS, now: () => new Date(at), onError: (error) => errors.push(error) });
    try {
      for (const id of ['left-1', 'left-2', 'active']) expect(await gate.check(id, userId)).toBe('live');
      at += 20 * 60_000;
      expect(await gate.check('active', userId)).toBe('live');
      await written('active', at);
      expect(gate.remembered()).toBe(3);
      at += 11 * 60_000;
      expect(await gate.check('new', userId)).toBe('live');
      // 31 minutes without a request: the two left behind are forgotten; the active one and the new one stay.
      expect(gate.remembered()).toBe(2);
      expect(await gate.check('left-1', userId)).toBe('idle');
      expect(await gate.check('active', userId)).toBe('live');
      await written('active', at);
      expect(errors).toEqual([]);
    } finally {
      gate.dispose();
    }
  });
});
