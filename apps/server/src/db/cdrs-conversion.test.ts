/**
 * Migration 0031 and `npm run migrate-usage` (docs/decisions/0032-partitioned-call-records.md): an
 * installation's call records move into the table partitioned by month without one lost or doubled,
 * records written during the copy included, and a run stopped between chunks resumes where it stopped.
 * (`cdrs-conversion.pg.test.ts` kills the command's process.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRecordsDigest, fillOldCallRecords } from '../../test/call-records';
import { applyMigration, createDatabaseMigratedThrough, createTestDatabase } from '../../test/database';
import { cdrsPartitioned, partitionsOf } from './cdr-partitions';
import { conversionPending, convertCdrs } from './cdrs-conversion';
import type { Database } from './client';

const now = new Date('2026-12-04T10:00:00Z');

describe('a new installation', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('has the partitioned table at once, with only its default partition until the job runs', async () => {
    expect(await cdrsPartitioned(database.db)).toBe(true);
    expect(await conversionPending(database.db)).toBe(false);
    expect(await partitionsOf(database.db)).toEqual(['cdrs_default']);
    const { rows } = await database.db.execute<{ present: boolean }>(sql`select to_regproc('cdrs_finish_conversion') is not null as present`);
    expect(rows).toEqual([{ present: false }]);
  });
});

describe('converting an installation with call records', () => {
  let installation: Awaited<ReturnType<typeof createDatabaseMigratedThrough>>;
  let db: Database['db'];
  beforeAll(async () => {
    installation = await createDatabaseMigratedThrough('0030_account_unapplied_credit');
    db = installation.database.db;
    await fillOldCallRecords(db, 1_200);
    await applyMigration(installation.database, '0031_partitioned_call_records');
  });
  afterAll(() => installation.drop());

  it('keeps the old table in service after the migration, the copy pending', async () => {
    expect(await cdrsPartitioned(db)).toBe(false);
    expect(await conversionPending(db)).toBe(true);
    expect((await callRecordsDigest(db)).records).toBe('1200');
  });

  it('copies in chunks, resumes after a stop, takes records written meanwhile, and swaps the tables', async () => {
    const lines: string[] = [];
    const stopAfterThird = (line: string) => {
      lines.push(line);
      if (lines.length === 3) throw new Error('stopped');
    };
    await expect(convertCdrs(db, { chunkSize: 100, log: stopAfterThird, now })).rejects.toThrow('stopped');
    expect(lines).toEqual([1, 2, 3].map((n) => `call records copied through id ${n * 100} of 1200 (${n * 100} this run)`));
    const { rows } = await db.execute<{ copied: string }>(sql`select copied_through::text as copied from cdrs_conversion`);
    expect(rows).toEqual([{ copied: '300' }]);
    expect(await cdrsPartitioned(db)).toBe(false);

    // The portal keeps writing to the old table while the copy has not finished.
    await fillOldCallRecords(db, 150, 1_201);
    const before = await callRecordsDigest(db);
    expect(before.records).toBe('1350');

    const resumed: string[] = [];
    expect(await convertCdrs(db, { chunkSize: 100, log: (line) => resumed.push(line), now })).toBe(1_050);
    expect(resumed[0]).toBe('call records copied through id 400 of 1350 (100 this run)');
    expect(resumed.at(-1)).toBe('call records now partitioned by month (1050 copied this run)');
    expect(await cdrsPartitioned(db)).toBe(true);
    expect(await conversionPending(db)).toBe(false);
    expect(await callRecordsDigest(db)).toEqual(before);
  });

  it('leaves every month in its own partition with its indexes, and the ids going on', async () => {
    const partitions = await partitionsOf(db);
    // 30 months of records (January 2024 to June 2026) and this month with the three after it.
    expect(partitions).toEqual(
      expect.arrayContaining(['cdrs_default', 'cdrs_2024_01', 'cdrs_2025_06', 'cdrs_2026_06', 'cdrs_2026_12', 'cdrs_2027_03']),
    );
    expect(partitions).toHaveLength(1 + 30 + 4);
    const { rows: inDefault } = await db.execute<{ n: string }>(sql`select count(*)::text as n from cdrs_default`);
    expect(inDefault).toEqual([{ n: '0' }]);
    const { rows: indexes } = await db.execute<{ name: string }>(sql`select indexname as name from pg_indexes where tablename = 'cdrs_2025_06' order by 1`);
    expect(indexes.map((r) => r.name)).toEqual([
      'cdrs_2025_06_account_record_idx',
      'cdrs_2025_06_account_started_idx',
      'cdrs_2025_06_invoice_idx',
      'cdrs_2025_06_pkey',
    ]);
    const { rows: parent } = await db.execute<{ name: string }>(sql`select indexname as name from pg_indexes where tablename = 'cdrs' order by 1`);
    expect(parent.map((r) => r.name)).toEqual(['cdrs_account_record_idx', 'cdrs_account_started_idx', 'cdrs_invoice_idx', 'cdrs_pkey']);
    const { rows: next } = await db.execute<{ id: string }>(sql`
      insert into cdrs (account_id, kind, started_at, from_number, description, amount) values (1, 'sms', ${now.toISOString()}::timestamptz, '+14165550100', 'After', 0)
      returning id::text as id`);
    expect(next).toEqual([{ id: '1351' }]);
  });

  it('answers that nothing is left to convert when run again', async () => {
    expect(await convertCdrs(db, { chunkSize: 100, log: () => expect.fail('nothing to log'), now })).toBe(0);
  });
});
