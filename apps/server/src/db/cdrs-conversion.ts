/**
 * Moving an installation's call records into the partitioned table (docs/decisions/0032-partitioned-call-records.md):
 * migration 0031 made `cdrs_partitioned` beside the old `cdrs` and `cdrs_conversion` with how far the copy
 * has come. The copy goes by id ranges, one transaction per chunk that also records its progress, so a
 * killed run resumes where the last committed chunk ended; the old table keeps serving meanwhile. Last,
 * under the old table's lock, the records written since are copied and the tables swapped.
 */
import { sql } from 'drizzle-orm';
import type { PortalDb } from './client';
import { createMonthPartition, prepareCdrPartitions } from './cdr-partitions';

const COLUMNS =
  'id, invoice_id, account_id, kind, started_at, from_number, to_number, duration_seconds, data_kb, description, amount, usage_class, direction, record_id';

export const DEFAULT_CHUNK = 50_000;

/** Whether call records still wait for `npm run migrate-usage`. */
export const conversionPending = async (db: PortalDb): Promise<boolean> => {
  const { rows } = await db.execute<{ pending: boolean }>(sql`select to_regclass('cdrs_conversion') is not null as pending`);
  return rows[0]?.pending ?? false;
};

/**
 * The highest id of the old table below which no record can still appear: taken under a SHARE lock,
 * which waits for every transaction writing records to end, so an id drawn from the sequence but not
 * yet committed is never skipped by a copy that goes by id.
 */
const settledHorizon = (db: PortalDb): Promise<bigint> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`lock table cdrs in share mode`);
    const { rows } = await tx.execute<{ horizon: string }>(sql`select coalesce(max(id), 0)::text as horizon from cdrs`);
    return BigInt(rows[0]!.horizon);
  });

/** Copies the records with ids in (copied_through, min(copied_through + size, horizon)]; answers the new copied_through. */
const copyChunk = async (tx: PortalDb, horizon: bigint, size: number): Promise<{ from: bigint; through: bigint; rows: number }> => {
  // The progress row's lock: two runs at once take turns and never copy a range twice.
  const { rows: progress } = await tx.execute<{ copied: string }>(sql`select copied_through::text as copied from cdrs_conversion for update`);
  const from = BigInt(progress[0]!.copied);
  const through = from + BigInt(size) < horizon ? from + BigInt(size) : horizon;
  if (through <= from) return { from, through: from, rows: 0 };
  const range = sql`id > ${from.toString()}::bigint and id <= ${through.toString()}::bigint`;
  const { rows: months } = await tx.execute<{ month: string }>(
    sql`select distinct to_char(started_at at time zone 'UTC', 'YYYY-MM') as month from cdrs where ${range}`,
  );
  for (const { month } of months) await createMonthPartition(tx, new Date(`${month}-01T00:00:00Z`), 'cdrs_partitioned');
  const { rows: copied } = await tx.execute<{ n: string }>(
    sql`with copied as (insert into cdrs_partitioned (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from cdrs where ${range} returning 1)
      select count(*)::text as n from copied`,
  );
  await tx.execute(sql`update cdrs_conversion set copied_through = ${through.toString()}::bigint`);
  return { from, through, rows: Number(copied[0]!.n) };
};

export interface ConversionOptions {
  chunkSize?: number;
  /** Each progress line. */
  log: (line: string) => void;
  now: Date;
}

/**
 * Runs the conversion to its end, or does nothing when none is pending. Answers the records it copied
 * (this run's, not those of a run it resumed).
 */
export const convertCdrs = async (db: PortalDb, { chunkSize = DEFAULT_CHUNK, log, now }: ConversionOptions): Promise<number> => {
  if (!(await conversionPending(db))) return 0;
  let copied = 0;
  // Each pass copies up to the horizon of its start; records written meanwhile are the next pass's.
  for (let horizon = await settledHorizon(db); ; ) {
    const chunk = await db.transaction((tx) => copyChunk(tx as unknown as PortalDb, horizon, chunkSize));
    copied += chunk.rows;
    if (chunk.rows > 0 || chunk.through > chunk.from) log(`call records copied through id ${chunk.through} of ${horizon} (${copied} this run)`);
    if (chunk.through < horizon) continue;
    const next = await settledHorizon(db);
    if (next - horizon < BigInt(chunkSize)) break;
    horizon = next;
  }
  copied += await db.transaction(async (tx) => {
    // The last records under the old table's lock: nothing more can arrive before the swap.
    await tx.execute(sql`lock table cdrs in access exclusive mode`);
    const { rows } = await tx.execute<{ horizon: string }>(sql`select coalesce(max(id), 0)::text as horizon from cdrs`);
    let tail = 0;
    for (let chunk; (chunk = await copyChunk(tx as unknown as PortalDb, BigInt(rows[0]!.horizon), chunkSize)).through > chunk.from; ) tail += chunk.rows;
    await tx.execute(sql`drop table cdrs_conversion`);
    await tx.execute(sql`select cdrs_finish_conversion()`);
    await tx.execute(sql`drop function cdrs_finish_conversion()`);
    return tail;
  });
  log(`call records now partitioned by month (${copied} copied this run)`);
  await prepareCdrPartitions(db, now);
  return copied;
};
