/**
 * A record id committed by another transaction while a batch loads (its COPY waits on the other
 * transaction's uncommitted row) on PostgreSQL, where the two run on connections of their own: the
 * batch counts it as a duplicate and loads the rest, each record id once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { createTestDatabase } from '../../../test/database';
import { bearer, createAccount } from '../../../test/factories';
import type { Database } from '../../db/client';

let database: Database;
let ctx: TestContext;
let client: Record<string, string>;
let accountId: bigint;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 5 });
  ctx = await buildTestApp({ clock: createTestClock('2026-11-20T12:00:00Z'), database });
  accountId = (await createAccount(database.db, { externalId: 'RACE-ACC' })).id;
  client = bearer(await clientTokenFor(ctx, ['usage:write']));
});
afterAll(async () => {
  await ctx?.close();
  await database?.close();
});

const body = ['RACE-1', 'RACE-2', 'RACE-3']
  .map((recordId) =>
    JSON.stringify({ recordId, accountExternalId: 'RACE-ACC', startedAt: '2026-11-03T09:15:00Z', kind: 'sms', direction: 'outgoing', fromNumber: '+14165550100', toNumber: '+14165550199', description: 'Text', amount: '0.1000' }),
  )
  .join('\n');

const post = () => ctx.app.inject({ method: 'POST', url: '/p/v1/usage/batches/B-RACE', headers: { ...client, 'content-type': 'application/x-ndjson' }, payload: body });

const waitingOnLocks = async () =>
  Number(
    (await database.db.execute<{ n: string }>(sql`select count(*)::text as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))
      .rows[0]!.n,
  );

describe('a record id committed by another transaction during the batch', () => {
  it('counts it as a duplicate and loads the rest; sent again, the batch answers the same and loads nothing', async () => {
    const other = await database.pool!.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into cdrs (account_id, record_id, kind, started_at, from_number, to_number, description, amount) values ($1, 'RACE-2', 'sms', '2026-11-03T09:15:00Z', '+14165550100', '+14165550199', 'Text', 0)`,
        [accountId.toString()],
      );
      const answer = post();
      // The batch's COPY waits on the other transaction's uncommitted RACE-2.
      while ((await waitingOnLocks()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await other.query('commit');
      const res = await answer;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ loaded: 2, duplicates: 1, rejected: [] });
    } finally {
      other.release();
    }
    const stored = async () => (await database.db.execute<{ record_id: string }>(sql`select record_id from cdrs where record_id like 'RACE-%' order by record_id`)).rows.map((r) => r.record_id);
    expect(await stored()).toEqual(['RACE-1', 'RACE-2', 'RACE-3']);

    const again = await post();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ loaded: 2, duplicates: 1, rejected: [] });
    expect(await stored()).toEqual(['RACE-1', 'RACE-2', 'RACE-3']);
  });

  it('loads a record id once when the other transaction rolls back instead', async () => {
    const other = await database.pool!.connect();
    const rollbackBody = ['RACE-4', 'RACE-5']
      .map((recordId) =>
        JSON.stringify({ recordId, accountExternalId: 'RACE-ACC', startedAt: '2026-11-03T09:15:00Z', kind: 'sms', direction: 'outgoing', fromNumber: '+14165550100', toNumber: '+14165550199', description: 'Text', amount: '0.1000' }),
      )
      .join('\n');
    try {
      await other.query('begin');
      await other.query(
        `insert into cdrs (account_id, record_id, kind, started_at, from_number, to_number, description, amount) values ($1, 'RACE-5', 'sms', '2026-11-03T09:15:00Z', '+14165550100', '+14165550199', 'Text', 0)`,
        [accountId.toString()],
      );
      const answer = ctx.app.inject({ method: 'POST', url: '/p/v1/usage/batches/B-RACE-ROLLBACK', headers: { ...client, 'content-type': 'application/x-ndjson' }, payload: rollbackBody });
      while ((await waitingOnLocks()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await other.query('rollback');
      const res = await answer;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ loaded: 2, duplicates: 0, rejected: [] });
    } finally {
      other.release();
    }
    const stored = await database.db.execute<{ n: string }>(sql`select count(*)::text as n from cdrs where record_id in ('RACE-4', 'RACE-5')`);
    expect(stored.rows[0]!.n).toBe('2');
  });
});
