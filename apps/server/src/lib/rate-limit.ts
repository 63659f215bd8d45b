import { sql } from 'drizzle-orm';
import type { PortalDb } from '../db/client';
import type { Clock } from './clock';

/** At most `limit` hits per fixed window of `windowMs`. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** How long until the window resets; 0 when allowed. */
  retryAfterMs: number;
}

/**
 * Fixed-window verdict for a counter (pure). A fixed window lets a burst of up to 2×limit straddle
 * a boundary; for login throttling that bound is fine and buys a single-row atomic upsert.
 */
export const decide = (count: number, windowStartedAtMs: number, rule: RateLimitRule, nowMs: number): RateLimitDecision => {
  const allowed = count <= rule.limit;
  return { allowed, count, retryAfterMs: allowed ? 0 : Math.max(0, windowStartedAtMs + rule.windowMs - nowMs) };
};

export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within the rule. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Forgets `key` (e.g. a successful login clears its username's failures). */
  reset(key: string): Promise<void>;
  /** Deletes counters whose window started before `before` (housekeeping). */
  prune(before: Date): Promise<number>;
}

/**
 * Throttling state in PostgreSQL (`rate_limits`), so every server instance shares it. Each hit is
 * one atomic `insert … on conflict do update … returning`: concurrent hits on one key serialise on
 * its row and none is lost.
 */
export const createRateLimiter = (db: PortalDb, clock: Clock): RateLimiter => ({
  async hit(key, rule) {
    const now = clock.now();
    const expiredBefore = new Date(now.getTime() - rule.windowMs);
    const result = await db.execute<{ count: number; started_ms: number }>(sql`
      insert into rate_limits as r (key, count, window_started_at)
      values (${key}, 1, ${now.toISOString()}::timestamptz)
      on conflict (key) do update set
        count = case when r.window_started_at <= ${expiredBefore.toISOString()}::timestamptz then 1 else r.count + 1 end,
        window_started_at = case when r.window_started_at <= ${expiredBefore.toISOString()}::timestamptz
          then excluded.window_started_at else r.window_started_at end
      returning count, (extract(epoch from window_started_at) * 1000)::float8 as started_ms`);
    const row = result.rows[0]!;
    return decide(Number(row.count), Number(row.started_ms), rule, now.getTime());
  },
  async reset(key) {
    await db.execute(sql`delete from rate_limits where key = ${key}`);
  },
  async prune(before) {
    const result = await db.execute<{ key: string }>(
      sql`delete from rate_limits where window_started_at < ${before.toISOString()}::timestamptz returning key`,
    );
    return result.rows.length;
  },
});
