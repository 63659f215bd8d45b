/**
 * The call records' jobs on a clock the test moves (docs/decisions/0032-partitioned-call-records.md):
 * partitions made three months ahead, records caught by the default partition moved into their month's,
 * and retention dropping a month only once it and its invoices are USAGE_RETENTION_MONTHS old.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { createAccount, createInvoice } from '../../../test/factories';
import { isRecordIndex, monthsAhead, partitionName, partitionsOf } from '../../db/cdr-partitions';
import type { Database } from '../../db/client';
import { usageJobSteps } from '../../jobs';
import { isPastRetention, recordsKeptFrom } from '../../lib/call-record-retention';
import { expiredMonths } from './retention';

const utc = (text: string) => new Date(`${text}T00:00:00Z`);

describe('the partitions’ rules', () => {
  it.each([
    ['2026-12-04T10:00:00Z', 3, ['cdrs_2026_12', 'cdrs_2027_01', 'cdrs_2027_02', 'cdrs_2027_03']],
    ['2026-01-31T23:59:59.999Z', 1, ['cdrs_2026_01', 'cdrs_2026_02']],
    ['2026-02-01T00:00:00Z', 0, ['cdrs_2026_02']],
  ])('names the partitions from %s on, %i months ahead', (now, ahead, names) => {
    expect(monthsAhead(new Date(now), ahead).map(partitionName)).toEqual(names);
  });

  it.each([
    ['2026-12-04T10:00:00Z', 24, '2024-12-01'],
    ['2026-12-31T23:59:59Z', 24, '2024-12-01'],
    ['2027-01-01T00:00:00Z', 24, '2025-01-01'],
    ['2026-03-15T00:00:00Z', 3, '2025-12-01'],
  ])('at %s with %i months kept, keeps records from %s', (now, months, from) => {
    expect(recordsKeptFrom(new Date(now), months)).toEqual(utc(from));
  });

  it.each([
    ['2024-11-30', true],
    ['2024-12-01', false],
    ['2025-03-31', false],
  ])('at 2026-12-04 with 24 months kept, takes an invoice whose period ended %s for past retention: %s', (endDate, past) => {
    expect(isPastRetention(endDate, new Date('2026-12-04T10:00:00Z'), 24)).toBe(past);
  });

  it('counts a month expired once it ended before the first kept day, whatever the order of the partitions', () => {
    const partitions = ['cdrs_default', 'cdrs_2024_12', 'cdrs_2024_10', 'cdrs_2024_11', 'cdrs_2025_01'];
    expect(expiredMonths(partitions, utc('2024-12-01'))).toEqual([utc('2024-10-01'), utc('2024-11-01')]);
    expect(expiredMonths(partitions, utc('2024-11-30'))).toEqual([utc('2024-10-01')]);
  });

  it.each([
    ['cdrs_account_record_idx', true],
    ['cdrs_2026_12_account_record_idx', true],
    ['cdrs_default_account_record_idx', true],
    ['cdrs_2026_12_pkey', false],
    ['usage_batches_pkey', false],
    [undefined, false],
  ])('takes a refusal by %s for the duplicate check: %s', (constraint, duplicate) => {
    expect(isRecordIndex(constraint)).toBe(duplicate);
  });
});

describe('the call records’ jobs', () => {
  let database: Database;
  let clock: TestClock;
  const steps = () => Object.fromEntries(usageJobSteps({ db: database.db }, 24).map((step) => [step.name, step]));
  const run = (name: 'usage-partitions' | 'usage-retention') => steps()[name]!.run(clock.now());

  const insertRecord = async (accountId: bigint, startedAt: string, invoiceId: bigint | null, recordId: string) =>
    (
      await database.db.execute<{ partition: string }>(sql`
        insert into cdrs (account_id, invoice_id, record_id, kind, started_at, from_number, to_number, description, amount)
        values (${accountId.toString()}::bigint, ${invoiceId?.toString() ?? null}::bigint, ${recordId}, 'voice', ${startedAt}::timestamptz, '+14165550100', '+14165550199', 'Call', 0.5)
        returning tableoid::regclass::text as partition`)
    ).rows[0]!.partition;
  const recordsOf = async (accountId: bigint) =>
    (
      await database.db.execute<{ record_id: string; partition: string }>(
        sql`select record_id, tableoid::regclass::text as partition from cdrs where account_id = ${accountId.toString()}::bigint order by started_at`,
      )
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    clock = createTestClock(new Date('2026-12-31T23:00:00Z'));
  });
  afterAll(() => database.close());

  it('makes this month’s partition and the next three’s, and the next month’s before its midnight', async () => {
    expect(await run('usage-partitions')).toEqual(['cdrs_2026_12', 'cdrs_2027_01', 'cdrs_2027_02', 'cdrs_2027_03']);
    expect(await run('usage-partitions')).toEqual([]);
    const account = await createAccount(database.db);
    // The first record of the new year lands in its month's partition, not in the default one.
    expect(await insertRecord(account.id, '2027-01-01T00:00:00Z', null, 'NEW-YEAR')).toBe('cdrs_2027_01');
    expect(await insertRecord(account.id, '2026-12-31T23:59:59.999Z', null, 'OLD-YEAR')).toBe('cdrs_2026_12');
    clock.advance(24 * 60 * 60_000);
    expect(await run('usage-partitions')).toEqual(['cdrs_2027_04']);
  });

  it('moves what the default partition caught into partitions of its months, with their indexes', async () => {
    const account = await createAccount(database.db);
    expect(await insertRecord(account.id, '2024-06-10T12:00:00Z', null, 'STRAY-1')).toBe('cdrs_default');
    expect(await insertRecord(account.id, '2024-06-20T12:00:00Z', null, 'STRAY-2')).toBe('cdrs_default');
    expect(await insertRecord(account.id, '2030-02-01T00:00:00Z', null, 'FAR-AHEAD')).toBe('cdrs_default');
    expect(await run('usage-partitions')).toEqual(['cdrs_2024_06', 'cdrs_2030_02']);
    expect(await recordsOf(account.id)).toEqual([
      { record_id: 'STRAY-1', partition: 'cdrs_2024_06' },
      { record_id: 'STRAY-2', partition: 'cdrs_2024_06' },
      { record_id: 'FAR-AHEAD', partition: 'cdrs_2030_02' },
    ]);
    // The moved records still refuse their duplicates.
    await expect(insertRecord(account.id, '2024-06-10T12:00:00Z', null, 'STRAY-1')).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505', constraint: 'cdrs_2024_06_account_record_idx' }),
    });
  });

  it('drops a month past USAGE_RETENTION_MONTHS only once the invoices of its records are as old, and keeps the invoices', async () => {
    const account = await createAccount(database.db);
    clock.set(new Date('2026-06-15T08:00:00Z'));
    await run('usage-partitions');
    // Records of May, June and July 2024; the July ones billed on an invoice whose period ends in 2024,
    // one June record billed late, on an invoice of 2025.
    const july = await createInvoice(database.db, account.id, { startDate: '2024-07-01', endDate: '2024-07-31' });
    const late = await createInvoice(database.db, account.id, { startDate: '2025-01-01', endDate: '2025-01-31' });
    await insertRecord(account.id, '2024-05-31T23:59:59Z', null, 'MAY');
    await insertRecord(account.id, '2024-06-10T09:00:00Z', null, 'JUNE');
    await insertRecord(account.id, '2024-06-11T09:00:00Z', late.id, 'JUNE-LATE');
    await insertRecord(account.id, '2024-07-02T09:00:00Z', july.id, 'JULY');
    await run('usage-partitions');

    // June 2026: records are kept from June 2024 on, so May 2024 (and the job's earlier ones) go.
    expect(await run('usage-retention')).toEqual(['cdrs_2024_05']);
    expect((await recordsOf(account.id)).map((r) => r.record_id)).toEqual(['JUNE', 'JUNE-LATE', 'JULY']);

    // August 2026: June and July 2024 are past 24 months; July's invoice is as old, June's late one is not.
    clock.set(new Date('2026-08-01T00:00:00Z'));
    expect(await run('usage-retention')).toEqual(['cdrs_2024_07']);
    expect((await recordsOf(account.id)).map((r) => r.record_id)).toEqual(['JUNE', 'JUNE-LATE']);

    // February 2027: the late invoice's period ended 24 months before, and June 2024 goes too.
    clock.set(new Date('2027-02-01T00:00:00Z'));
    expect(await run('usage-retention')).toEqual(['cdrs_2024_06']);
    expect(await recordsOf(account.id)).toEqual([]);
    const partitions = await partitionsOf(database.db);
    expect(partitions.filter((name) => name < 'cdrs_2025_02' && name !== 'cdrs_default')).toEqual([]);
    expect(partitions).toContain('cdrs_2026_12');
    const { rows } = await database.db.execute<{ n: string }>(sql`select count(*)::text as n from invoices where account_id = ${account.id.toString()}::bigint`);
    expect(rows).toEqual([{ n: '2' }]);
  });
});
