/**
 * No request waits forever for PostgreSQL: taking a connection gives up after the acquire timeout
 * (answered 503 with Retry-After), and every connection carries statement and idle-transaction
 * timeouts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { buildTestApp, type TestContext } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { bearer, createAccount, createUser, tokenFor } from '../../test/factories';
import { isPoolExhausted, openDatabase, type Database } from './client';

let template: Database;
let database: Database;
beforeAll(async () => {
  template = await createTestDatabase();
  const url = (template.pool!.options as { connectionString: string }).connectionString;
  database = await openDatabase({ url, poolSize: 2, acquireTimeoutMs: 300, statementTimeoutMs: 500 });
});
afterAll(async () => {
  await database?.close();
  await template?.close();
});

const holdAll = async (pool: pg.Pool) => Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));

describe('pool limits on PostgreSQL', () => {
  it('gives up on a connection after the acquire timeout', async () => {
    const held = await holdAll(database.pool!);
    try {
      const started = performance.now();
      const error = await database.db.execute(sql`select 1`).then(() => null, (e: unknown) => e);
      expect(isPoolExhausted(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('cancels a statement that runs past the statement timeout', async () => {
    const error = await database.pool!.query('select pg_sleep(3)').then(() => null, (e: unknown) => e);
    expect((error as { code?: string }).code).toBe('57014');
  });

  it('ends a transaction left idle past the timeout', async () => {
    const client = await database.pool!.connect();
    const lost = new Promise<unknown>((resolve) => client.once('error', resolve));
    await client.query('begin');
    expect(await lost).toBeInstanceOf(Error);
    client.release(new Error('terminated by the server'));
  });

  it('answers 503 with Retry-After when no connection becomes free', async () => {
    const ctx: TestContext = await buildTestApp({ database });
    try {
      const account = await createAccount(database.db);
      const headers = bearer(await tokenFor(database.db, await createUser(database.db, { accountIds: [account.id] })));
      const held = await holdAll(database.pool!);
      try {
        const res = await ctx.app.inject({ url: `/b/v1/Account/details/${account.id}`, headers });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({ error: 'The service is busy. Please try again in a moment.' });
      } finally {
        for (const client of held) client.release();
      }
    } finally {
      await ctx.close();
    }
  });
});
