/** SQL of the arrangement calls and job. Every read of a caller is limited to the accounts the caller may see. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ArrangementStatus, PagedQuery } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accounts, arrangementInstalments, arrangementReceivables, arrangements } from '../../db/schema';
import { compileFilter, compileOrderBy } from '../../filter';
import { visibleAccountsCondition } from '../../lib/access';
import type { Caller } from '../../lib/caller';
import { committedOnReceivable } from '../../lib/ledger';
import { ARRANGEMENT_FIELDS } from './fields';

export type ArrangementRow = typeof arrangements.$inferSelect;
export type InstalmentRow = typeof arrangementInstalments.$inferSelect;

/** An arrangement with its instalments (in order) and what has been paid toward it, numeric text. */
export interface ArrangementRecord {
  arrangement: ArrangementRow;
  instalments: InstalmentRow[];
  paid: string;
}

/** The account's facts the policy reads: its type, currency, and whether it is closed. */
export const accountForArrangement = async (db: PortalDb, accountId: bigint) => {
  const [row] = await db
    .select({ type: accounts.type, currency: accounts.currency, closedAt: accounts.closedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
};

export const hasActiveArrangement = async (db: PortalDb, accountId: bigint): Promise<boolean> => {
  const [row] = await db
    .select({ id: arrangements.id })
    .from(arrangements)
    .where(and(eq(arrangements.accountId, accountId), eq(arrangements.status, 'Active')))
    .limit(1);
  return row !== undefined;
};

/** Arrangements of the account broken since `since`. */
export const brokenSince = async (db: PortalDb, accountId: bigint, since: Date): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(arrangements)
    .where(and(eq(arrangements.accountId, accountId), eq(arrangements.status, 'Broken'), sql`${arrangements.closedAt} >= ${since.toISOString()}`));
  return row?.n ?? 0;
};

export const insertArrangement = async (
  tx: PortalDb,
  values: {
    accountId: bigint;
    amount: string;
    currency: string;
    paymentMethodId: bigint | null;
    userId: bigint;
    byStaff: boolean;
    at: Date;
    instalments: { date: string; amount: string }[];
    covered: { receivableId: bigint; open: string }[];
  },
): Promise<bigint> => {
  const [row] = await tx
    .insert(arrangements)
    .values({
      accountId: values.accountId,
      amount: values.amount,
      currency: values.currency,
      paymentMethodId: values.paymentMethodId,
      createdByUserId: values.userId,
      byStaff: values.byStaff,
      createdAt: values.at,
    })
    .returning({ id: arrangements.id });
  const id = row!.id;
  await tx.insert(arrangementInstalments).values(values.instalments.map((i, seq) => ({ arrangementId: id, seq, dueDate: i.date, amount: i.amount })));
  await tx.insert(arrangementReceivables).values(values.covered.map((c) => ({ arrangementId: id, receivableId: c.receivableId, openAtStart: c.open })));
  return id;
};

/**
 * What has been paid toward each arrangement: what its receivables had open when it was made less what they
 * have open now (payments in progress count, as they do for "overdue"; a credit note counts too), never below 0.
 */
const paidOf = async (db: PortalDb, ids: readonly bigint[]): Promise<Map<bigint, string>> => {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; paid: string }>(sql`
    select ar.arrangement_id::text as id,
      greatest(sum(ar.open_at_start) - sum(greatest(r.amount - ${committedOnReceivable(sql`r.id`)}, 0)), 0)::text as paid
    from ${arrangementReceivables} ar join receivables r on r.id = ar.receivable_id
    where ar.arrangement_id = any(${`{${ids.join(',')}}`}::bigint[])
    group by ar.arrangement_id`);
  return new Map(rows.map((row) => [BigInt(row.id), String(row.paid)]));
};

const withDetails = async (db: PortalDb, rows: ArrangementRow[]): Promise<ArrangementRecord[]> => {
  const ids = rows.map((r) => r.id);
  const [instalments, paid] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([] as InstalmentRow[])
      : db.select().from(arrangementInstalments).where(inArray(arrangementInstalments.arrangementId, ids)).orderBy(arrangementInstalments.arrangementId, arrangementInstalments.seq),
    paidOf(db, ids),
  ]);
  return rows.map((arrangement) => ({
    arrangement,
    instalments: instalments.filter((i) => i.arrangementId === arrangement.id),
    paid: paid.get(arrangement.id) ?? '0',
  }));
};

export const findArrangement = async (db: PortalDb, caller: Caller | null, id: bigint): Promise<ArrangementRecord | undefined> => {
  const condition = caller ? visibleAccountsCondition(caller, arrangements.accountId) : undefined;
  const rows = await db.select().from(arrangements).where(and(eq(arrangements.id, id), condition)).limit(1);
  return (await withDetails(db, rows))[0];
};

export const listVisibleArrangements = async (db: PortalDb, caller: Caller, query: PagedQuery): Promise<{ records: ArrangementRecord[]; count: number | undefined }> => {
  // Compiled first: a bad filter or order answers 400 before any query runs.
  const where = and(visibleAccountsCondition(caller, arrangements.accountId), compileFilter(query.dnfilter, ARRANGEMENT_FIELDS));
  const orderBy = query.orderby?.trim()
    ? compileOrderBy(query.orderby, ARRANGEMENT_FIELDS, { tieBreaker: arrangements.id })
    : [desc(arrangements.createdAt), desc(arrangements.id)];
  const [rows, total] = await Promise.all([
    db.select().from(arrangements).where(where).orderBy(...orderBy).limit(query.take).offset(query.skip),
    query.count ? db.select({ n: count() }).from(arrangements).where(where) : Promise.resolve(undefined),
  ]);
  return { records: await withDetails(db, rows), count: total?.[0]?.n };
};

/** Locks an arrangement for a status change; `skipLocked` for the job (another instance has it). */
export const lockArrangement = async (tx: PortalDb, id: bigint, skipLocked = false): Promise<ArrangementRecord | undefined> => {
  const rows = await tx
    .select()
    .from(arrangements)
    .where(eq(arrangements.id, id))
    .for('update', skipLocked ? { skipLocked: true } : {});
  return (await withDetails(tx, rows))[0];
};

export const closeArrangement = async (tx: PortalDb, id: bigint, status: Exclude<ArrangementStatus, 'Active'>, at: Date, userId: bigint | null): Promise<void> => {
  await tx.update(arrangements).set({ status, closedAt: at, closedByUserId: userId }).where(eq(arrangements.id, id));
};

/** Receivables of the account's active arrangement: automatic payments leave them to its instalments. */
export const coveredReceivableIds = async (db: PortalDb, accountId: bigint): Promise<Set<bigint>> => {
  const rows = await db
    .select({ id: arrangementReceivables.receivableId })
    .from(arrangementReceivables)
    .innerJoin(arrangements, eq(arrangements.id, arrangementReceivables.arrangementId))
    .where(and(eq(arrangements.accountId, accountId), eq(arrangements.status, 'Active')));
  return new Set(rows.map((r) => r.id));
};

export const coveredOf = async (db: PortalDb, arrangementId: bigint): Promise<bigint[]> =>
  (await db.select({ id: arrangementReceivables.receivableId }).from(arrangementReceivables).where(eq(arrangementReceivables.arrangementId, arrangementId))).map((r) => r.id);

// ── The job ─────────────────────────────────────────────────────────────────────────────────

/** Instalments due by `day` of active arrangements charged to a payment method, not yet charged. */
export const dueInstalments = async (db: PortalDb, day: string, limit: number): Promise<{ arrangementId: bigint; seq: number }[]> => {
  const rows = await db
    .select({ arrangementId: arrangementInstalments.arrangementId, seq: arrangementInstalments.seq })
    .from(arrangementInstalments)
    .innerJoin(arrangements, eq(arrangements.id, arrangementInstalments.arrangementId))
    .where(
      and(
        eq(arrangements.status, 'Active'),
        sql`${arrangements.paymentMethodId} is not null`,
        sql`${arrangementInstalments.chargedAt} is null`,
        sql`${arrangementInstalments.dueDate} <= ${day}`,
      ),
    )
    .orderBy(arrangementInstalments.dueDate, arrangementInstalments.arrangementId, arrangementInstalments.seq)
    .limit(limit);
  return rows;
};

/**
 * Claims an instalment's charge: only the transaction that finds it uncharged under its row lock gets it, so
 * of any number of instances one charges each date once.
 */
export const claimInstalment = async (tx: PortalDb, arrangementId: bigint, seq: number, at: Date): Promise<boolean> => {
  const rows = await tx
    .update(arrangementInstalments)
    .set({ chargedAt: at })
    .where(and(eq(arrangementInstalments.arrangementId, arrangementId), eq(arrangementInstalments.seq, seq), sql`${arrangementInstalments.chargedAt} is null`))
    .returning({ seq: arrangementInstalments.seq });
  return rows.length > 0;
};

export const setInstalmentPayment = async (tx: PortalDb, arrangementId: bigint, seq: number, paymentId: bigint): Promise<void> => {
  await tx
    .update(arrangementInstalments)
    .set({ paymentId })
    .where(and(eq(arrangementInstalments.arrangementId, arrangementId), eq(arrangementInstalments.seq, seq)));
};

/** Active arrangements, oldest first after `afterId` (the job walks them in pages). */
export const activeArrangementIds = async (db: PortalDb, afterId: bigint, limit: number): Promise<bigint[]> =>
  (
    await db
      .select({ id: arrangements.id })
      .from(arrangements)
      .where(and(eq(arrangements.status, 'Active'), sql`${arrangements.id} > ${afterId}`))
      .orderBy(arrangements.id)
      .limit(limit)
  ).map((r) => r.id);
