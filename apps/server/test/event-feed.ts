import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * Waits until every event committed so far is below the oldest running transaction of the server, which is
 * what the feed answers (modules/events/repository.ts). Transaction ids are the server's, not the database's:
 * on a PostgreSQL server other databases share (other test files, benchmarks), their running transactions
 * hold the feed back for as long as they run.
 */
export const feedCaughtUp = async (database: Database, timeoutMs = 45_000): Promise<void> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await database.db.execute<{ settled: boolean }>(
      sql`select coalesce(max(transaction_id), 0) < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint as settled from events`,
    );
    if (rows[0]?.settled) return;
    if (Date.now() > until) throw new Error('the feed did not catch up with the committed events: a transaction of the server is still running');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
