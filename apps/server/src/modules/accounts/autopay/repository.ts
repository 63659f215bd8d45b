import { and, eq, sql } from 'drizzle-orm';
import { AUTOPAY_ON, type AccountPaymentMethod } from '@portal/contract';
import type { PortalDb } from '../../../db/client';
import { accounts, autopayRuns, autopaySchedules } from '../../../db/schema';
import { committedOnReceivable } from '../../../lib/ledger';
import { dueDatePeriod } from './rules';

export type AutopayScheduleRow = typeof autopaySchedules.$inferSelect;

export const findSchedule = async (db: PortalDb, accountId: bigint): Promise<AutopayScheduleRow | null> => {
  const [row] = await db.select().from(autopaySchedules).where(eq(autopaySchedules.accountId, accountId));
  return row ?? null;
};

export const upsertSchedule = async (
  tx: PortalDb,
  values: Pick<AutopayScheduleRow, 'accountId' | 'paymentMethodId' | 'frequency' | 'amountType' | 'fixedAmount' | 'chargeFrom'> & { at: Date },
): Promise<void> => {
  const { at, ...fields } = values;
  await tx
    .insert(autopaySchedules)
    .values({ ...fields, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: autopaySchedules.accountId,
      set: {
        paymentMethodId: fields.paymentMethodId,
        frequency: fields.frequency,
        amountType: fields.amountType,
        fixedAmount: fields.fixedAmount,
        chargeFrom: fields.chargeFrom,
        updatedAt: at,
      },
    });
};

export const setAccountPaymentMethod = async (tx: PortalDb, accountId: bigint, paymentMethod: AccountPaymentMethod, at: Date): Promise<void> => {
  await tx.update(accounts).set({ paymentMethod, updatedAt: at }).where(eq(accounts.id, accountId));
};

export const accountPaymentMethod = async (db: PortalDb, accountId: bigint): Promise<AccountPaymentMethod | null> => {
  const [row] = await db.select({ paymentMethod: accounts.paymentMethod }).from(accounts).where(eq(accounts.id, accountId));
  return row?.paymentMethod ?? null;
};

export const accountTypeOf = async (db: PortalDb, accountId: bigint): Promise<string> => {
  const [row] = await db.select({ type: accounts.type }).from(accounts).where(eq(accounts.id, accountId));
  return row?.type ?? '';
};

export const hasRun = async (db: PortalDb, accountId: bigint, period: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: autopayRuns.id })
    .from(autopayRuns)
    .where(and(eq(autopayRuns.accountId, accountId), eq(autopayRuns.period, period)));
  return row !== undefined;
};

/**
 * Due dates of the account's unpaid posted invoices that no automatic payment has run for yet, and that its
 * schedule takes (none due before the day it was told to charge from).
 */
export const unchargedDueDates = async (db: PortalDb, accountId: bigint): Promise<string[]> => {
  const result = await db.execute<{ due_date: string }>(sql`
    select r.due_date from receivables r
    join invoices i on i.id = r.invoice_id and i.state = 'Posted'
    join accounts a on a.id = r.account_id and a.currency = r.currency
    left join autopay_schedules s on s.account_id = r.account_id
    where r.account_id = ${accountId} and r.amount - ${committedOnReceivable(sql`r.id`)} > 0
      and (s.charge_from is null or r.due_date >= s.charge_from)
      and not exists (select 1 from autopay_runs ar where ar.account_id = r.account_id and ar.period = 'due:' || r.id)
    order by r.due_date`);
  return result.rows.map((row) => String(row.due_date));
};

/** The account's open posted invoices in its currency, oldest due first, each with whether autopay has tried it. */
export const openInvoicesForAutopay = async (db: PortalDb, accountId: bigint): Promise<{ dueDate: string; open: string; tried: boolean }[]> => {
  const result = await db.execute<{ due_date: string; open: string; tried: boolean }>(sql`
    select r.due_date, (r.amount - ${committedOnReceivable(sql`r.id`)})::text as open,
      exists (select 1 from autopay_runs ar where ar.account_id = r.account_id and ar.period = 'due:' || r.id) as tried
    from receivables r
    join invoices i on i.id = r.invoice_id and i.state = 'Posted'
    join accounts a on a.id = r.account_id and a.currency = r.currency
    where r.account_id = ${accountId} and r.amount - ${committedOnReceivable(sql`r.id`)} > 0
    order by r.due_date, r.id`);
  return result.rows.map((row) => ({ dueDate: String(row.due_date), open: String(row.open), tried: Boolean(row.tried) }));
};

export interface AutopayCandidate {
  accountId: bigint;
  period: string;
}

/**
 * Account periods the job should charge on `day`: each posted invoice past its due date with money
 * still open (due-date schedules), and this month once the 15th has come (monthly schedules), for
 * accounts with automatic payments on, that have no run for the period yet.
 */
export const dueCandidates = async (db: PortalDb, day: string, monthly: string | null, limit: number): Promise<AutopayCandidate[]> => {
  const dueDate = await db.execute<{ account_id: bigint; receivable_id: bigint }>(sql`
    select s.account_id, r.id as receivable_id
    from autopay_schedules s
    join accounts a on a.id = s.account_id and a.payment_method = ${AUTOPAY_ON}
    join receivables r on r.account_id = s.account_id and r.currency = a.currency and r.due_date <= ${day}
    join invoices i on i.id = r.invoice_id and i.state = 'Posted'
    where s.frequency = 'dueDate'
      and (s.charge_from is null or r.due_date >= s.charge_from)
      and r.amount - ${committedOnReceivable(sql`r.id`)} > 0
      and not exists (select 1 from autopay_runs ar where ar.account_id = s.account_id and ar.period = 'due:' || r.id)
      -- Paused while an active payment arrangement covers it, unclaimed so it is charged if the arrangement ends unkept.
      and not exists (select 1 from arrangement_receivables cr join arrangements pa on pa.id = cr.arrangement_id
        where cr.receivable_id = r.id and pa.status = 'Active')
    order by s.account_id, r.due_date, r.id
    limit ${limit}`);
  const candidates = dueDate.rows.map((row) => ({ accountId: BigInt(row.account_id), period: dueDatePeriod(BigInt(row.receivable_id)) }));
  if (monthly) {
    const result = await db.execute<{ account_id: bigint }>(sql`
      select s.account_id from autopay_schedules s
      join accounts a on a.id = s.account_id and a.payment_method = ${AUTOPAY_ON}
      where s.frequency = 'monthly'
        and not exists (select 1 from autopay_runs ar where ar.account_id = s.account_id and ar.period = ${monthly})
      order by s.account_id
      limit ${limit}`);
    candidates.push(...result.rows.map((row) => ({ accountId: BigInt(row.account_id), period: monthly })));
  }
  return candidates;
};

/**
 * Claims a period for the account: the unique (account, period) key lets exactly one transaction
 * insert it, on any number of server instances; the others get nothing back and charge nothing.
 */
export const claimRun = async (tx: PortalDb, accountId: bigint, period: string, at: Date): Promise<bigint | null> => {
  const [row] = await tx
    .insert(autopayRuns)
    .values({ accountId, period, outcome: 'charged', createdAt: at })
    .onConflictDoNothing({ target: [autopayRuns.accountId, autopayRuns.period] })
    .returning({ id: autopayRuns.id });
  return row?.id ?? null;
};

export const finishRun = async (
  tx: PortalDb,
  runId: bigint,
  result: { outcome: 'charged' | 'nothing_due' | 'failed'; paymentId?: bigint; message?: string },
): Promise<void> => {
  await tx
    .update(autopayRuns)
    .set({ outcome: result.outcome, paymentId: result.paymentId ?? null, message: result.message ?? null })
    .where(eq(autopayRuns.id, runId));
};
