/**
 * Call records' retention (docs/decisions/0032-partitioned-call-records.md): a month's partition is
 * detached and dropped once the month ended USAGE_RETENTION_MONTHS ago and every invoice billing its
 * records ended its period before the same day. Invoices, their lines and PDFs stay.
 */
import { sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { cdrsPartitioned, monthOfPartition, monthStart, partitionName, partitionsOf, withShortLocks } from '../../db/cdr-partitions';
import { recordsKeptFrom } from '../../lib/call-record-retention';

/** The months of `partitions` that ended before `keptFrom`, oldest first (pure). */
export const expiredMonths = (partitions: readonly string[], keptFrom: Date): Date[] =>
  partitions
    .map(monthOfPartition)
    .filter((month): month is Date => month !== null && monthStart(month, 1) <= keptFrom)
    .sort((a, b) => a.getTime() - b.getTime());

/** Whether an invoice billing one of the partition's records ended its period on or after `keptFrom` (not past retention). */
const heldByInvoices = async (db: PortalDb, partition: string, keptFrom: Date): Promise<boolean> => {
  const { rows } = await db.execute<{ held: boolean }>(
    sql`select exists (select from ${sql.identifier(partition)} r join invoices i on i.id = r.invoice_id
      where i.end_date >= ${keptFrom.toISOString().slice(0, 10)}::date) as held`,
  );
  return rows[0]?.held ?? false;
};

/**
 * The retention step: drops the partitions past USAGE_RETENTION_MONTHS whose invoices are as old, each
 * in a short transaction (detaching takes the parent's lock: a busy one is left for the next run).
 * Answers the partitions dropped.
 */
export const dropExpiredCallRecords = async (db: PortalDb, now: Date, months: number): Promise<string[]> => {
  if (!(await cdrsPartitioned(db))) return [];
  const keptFrom = recordsKeptFrom(now, months);
  const dropped: string[] = [];
  for (const month of expiredMonths(await partitionsOf(db), keptFrom)) {
    const partition = partitionName(month);
    if (await heldByInvoices(db, partition, keptFrom)) continue;
    const done = await withShortLocks(db, async (tx) => {
      await tx.execute(sql`alter table cdrs detach partition ${sql.identifier(partition)}`);
      await tx.execute(sql`drop table ${sql.identifier(partition)}`);
      return true;
    });
    if (done) dropped.push(partition);
  }
  return dropped;
};
