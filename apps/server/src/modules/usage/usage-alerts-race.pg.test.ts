/**
 * Two batches of one account loading at once on PostgreSQL, each on a connection of its own
 * (docs/decisions/0033-usage-alerts-and-spending-limits.md): neither alone reaches 80 % of the allowance,
 * together they do. Each waits for the other's alert decision to end before reading the period, so the
 * second one sees the first one's records and the alert fires exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { usageBatchInput } from '@portal/contract/test-support/usage-batch';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { createTestDatabase } from '../../../test/database';
import { bearer, createAccount, createBillingDetails } from '../../../test/factories';
import type { Database } from '../../db/client';
import { notifications, usageAlertSettings, usageAlertsFired } from '../../db/schema';

let database: Database;
let ctx: TestContext;
let client: Record<string, string>;
let accountId: bigint;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 6 });
  ctx = await buildTestApp({ clock: createTestClock('2026-11-20T12:00:00Z'), database });
  accountId = (await createAccount(database.db, { externalId: 'ALERT-RACE', planName: 'Talk 100', planLines: 1, planVoiceMinutes: 100 })).id;
  await createBillingDetails(database.db, accountId);
  await database.db.insert(usageAlertSettings).values({ accountId, allowances: [{ kind: 'voice', percents: [80] }], email: false });
  client = bearer(await clientTokenFor(ctx, ['usage:write']));
});
afterAll(async () => {
  await ctx?.close();
  await database?.close();
});

const batch = (batchId: string, minutes: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/p/v1/usage/batches/${batchId}`,
    headers: { ...client, 'content-type': 'application/x-ndjson' },
    payload: `${JSON.stringify({ ...usageBatchInput, recordId: batchId, accountExternalId: 'ALERT-RACE', startedAt: '2026-11-18T15:00:00Z', durationSeconds: minutes * 60 })}\n`,
  });

const waitingOnLocks = async () =>
  Number(
    (await database.db.execute<{ n: string }>(sql`select count(*)::text as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))
      .rows[0]!.n,
  );

describe('two batches crossing a threshold together', () => {
  it('fire the alert once, from the one that decides second', async () => {
    // Held here, the account's alert lock keeps both batches waiting with their records loaded and uncommitted.
    const holder = await database.pool!.connect();
    try {
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`usage_alerts:${accountId}`]);
      const answers = [batch('RACE-A', 45), batch('RACE-B', 40)];
      while ((await waitingOnLocks()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      await holder.query('commit');
      for (const res of await Promise.all(answers)) expect(res.statusCode, res.body).toBe(200);
    } finally {
      holder.release();
    }
    const fired = await database.db.select().from(usageAlertsFired).where(eq(usageAlertsFired.accountId, accountId));
    expect(fired.map((f) => [f.alert, f.threshold])).toEqual([['voice', 80n]]);
    const told = await database.db.select().from(notifications).where(and(eq(notifications.accountId, accountId), eq(notifications.kind, 'usage_alert')));
    expect(told.map((n) => n.message)).toEqual(['You have used 80 % of your voice minutes: 85 of 100 minutes, with 10 days left in the period.']);
  });
});
