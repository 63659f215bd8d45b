import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database';
import { createTestClock } from '../../test/app';
import type { Database } from '../db/client';
import { createRateLimiter, decide, type RateLimitRule } from './rate-limit';

const rule: RateLimitRule = { limit: 3, windowMs: 60_000 };
const t0 = Date.parse('2025-03-01T10:00:00Z');

describe('window math (pure)', () => {
  it.each([
    { count: 1, at: 0, allowed: true, retryAfterMs: 0 },
    { count: 3, at: 59_000, allowed: true, retryAfterMs: 0 },
    { count: 4, at: 1_000, allowed: false, retryAfterMs: 59_000 },
    { count: 9, at: 59_999, allowed: false, retryAfterMs: 1 },
    { count: 4, at: 70_000, allowed: false, retryAfterMs: 0 },
  ])(
    'hit $count, $at ms into the window → allowed $allowed, retry in $retryAfterMs ms',
    ({ count, at, allowed, retryAfterMs }) => {
      expect(decide(count, t0, rule, t0 + at)).toEqual({ allowed, count, retryAfterMs });
    },
  );
});

describe('rate limiter on the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts hits in a window, refuses past the limit and starts over when the window ends', async () => {
    const clock = createTestClock('2025-03-01T10:00:00Z');
    const limiter = createRateLimiter(database.db, clock);
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(await limiter.hit('test:window', rule));
      clock.advance(10_000);
    }
    expect(results.map((r) => [r.count, r.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    // The window started at the first hit; the fourth came 30 s in.
    expect(results[3]!.retryAfterMs).toBe(30_000);
    // Still the same window a millisecond before it ends; a new one exactly when it ends.
    clock.set('2025-03-01T10:00:59.999Z');
    expect(await limiter.hit('test:window', rule)).toEqual({ allowed: false, count: 5, retryAfterMs: 1 });
    clock.set('2025-03-01T10:01:00Z');
    expect(await limiter.hit('test:window', rule)).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const clock = createTestClock('2025-03-01T10:00:00Z');
    const limiter = createRateLimiter(database.db, clock);
    for (let i = 0; i < 4; i++) await limiter.hit('test:a', rule);
    expect((await limiter.hit('test:b', rule)).count).toBe(1);
    expect((await limiter.hit('test:a', rule)).allowed).toBe(false);
    await limiter.reset('test:a');
    expect(await limiter.hit('test:a', rule)).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });

  it('loses no hit when many arrive at once', async () => {
    const limiter = createRateLimiter(database.db, createTestClock('2025-03-01T10:00:00Z'));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => limiter.hit('test:burst', { limit: 5, windowMs: 60_000 })),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('prunes counters whose window started before a cut-off', async () => {
    const clock = createTestClock('2025-01-01T00:00:00Z');
    const limiter = createRateLimiter(database.db, clock);
    await limiter.hit('test:old', rule);
    clock.set('2025-01-02T00:00:00Z');
    await limiter.hit('test:new', rule);
    expect(await limiter.prune(new Date('2025-01-01T12:00:00Z'))).toBeGreaterThanOrEqual(1);
    const keys = (
      await database.db.execute<{ key: string }>(sql`select key from rate_limits where key like 'test:%' order by key`)
    ).rows.map((r) => r.key);
    expect(keys).toContain('test:new');
    expect(keys).not.toContain('test:old');
  });
});
