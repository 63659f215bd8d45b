/** SQL of refunds: the payment under its lock, what it still holds where, and the refunds written. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { minorToDecimal, toMinor } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { invoices, payments, receivables, refundAssignments, refunds } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { visibleAccountsCondition } from '../../lib/access';
import type { Assignment, HeldReceivable } from '../../lib/allocation';
import type { PaymentRow } from './repository';

export type RefundRow = typeof refunds.$inferSelect;

/** The payment, locked until the transaction ends: concurrent refunds of it take turns. */
export const lockPayment = async (tx: PortalDb, paymentId: bigint): Promise<PaymentRow | null> => {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
};

export const refundsOfPayment = (db: PortalDb, paymentId: bigint) =>
  db.select({ status: refunds.status, amount: refunds.amount }).from(refunds).where(eq(refunds.paymentId, paymentId));

/** Per receivable the payment paid: what it assigned less what refunds not failed take back of it. */
export const heldOnReceivables = async (db: PortalDb, paymentId: bigint): Promise<HeldReceivable[]> => {
  const { rows } = await db.execute<{ receivable_id: string; due_date: string; held: string }>(sql`
    select pa.receivable_id::text, r.due_date, (sum(pa.amount) - coalesce((
      select sum(ra.amount) from refund_assignments ra join refunds rf on rf.id = ra.refund_id
      where rf.payment_id = ${paymentId} and rf.status <> 'Failed' and ra.receivable_id = pa.receivable_id), 0))::text as held
    from payment_assignments pa join receivables r on r.id = pa.receivable_id
    where pa.payment_id = ${paymentId}
    group by pa.receivable_id, r.due_date`);
  return rows.map((row) => ({ receivableId: BigInt(row.receivable_id), dueDate: String(row.due_date), heldMinor: toMinor(row.held) }));
};

export const insertRefund = async (tx: PortalDb, values: typeof refunds.$inferInsert, assignments: readonly Assignment[]): Promise<RefundRow> => {
  const [refund] = await tx.insert(refunds).values(values).returning();
  if (assignments.length > 0) {
    await tx
      .insert(refundAssignments)
      .values(assignments.map((a) => ({ refundId: refund!.id, receivableId: a.receivableId, amount: minorToDecimal(a.amountMinor) })));
  }
  return refund!;
};

/** Moves a Pending refund to its outcome, once; null when it was no longer Pending. */
export const settleRefundRow = async (
  tx: PortalDb,
  refundId: bigint,
  outcome: { status: 'Succeeded'; providerRef: string } | { status: 'Failed'; failureMessage: string },
  now: Date,
): Promise<RefundRow | null> => {
  const [row] = await tx
    .update(refunds)
    .set(outcome.status === 'Succeeded' ? { status: 'Succeeded', providerRef: outcome.providerRef, settledAt: now } : { status: 'Failed', failureMessage: outcome.failureMessage, settledAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'Pending')))
    .returning();
  return row ?? null;
};

export const findRefund = async (db: PortalDb, refundId: bigint): Promise<RefundRow | null> => {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row ?? null;
};

/** The refund, when it belongs to an account the caller may use. */
export const findVisibleRefund = async (db: PortalDb, caller: Caller, refundId: bigint): Promise<RefundRow | null> => {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), visibleAccountsCondition(caller, refunds.accountId)));
  return row ?? null;
};

/** Refunds shown in Payment History: as many as the payments it shows could have, and then some. */
export const REFUND_LIST_LIMIT = 200;

export const listAccountRefunds = (db: PortalDb, accountId: bigint) =>
  db.select().from(refunds).where(eq(refunds.accountId, accountId)).orderBy(desc(refunds.createdAt), desc(refunds.id)).limit(REFUND_LIST_LIMIT);

/** The invoices a refund reopened and how much of each, by due date. */
export const listRefundInvoices = (db: PortalDb, refundId: bigint) =>
  db
    .select({
      invoiceNumber: invoices.invoiceNumber,
      startDate: invoices.startDate,
      endDate: invoices.endDate,
      dueDate: invoices.dueDate,
      applied: refundAssignments.amount,
    })
    .from(refundAssignments)
    .innerJoin(receivables, eq(receivables.id, refundAssignments.receivableId))
    .innerJoin(invoices, eq(invoices.id, receivables.invoiceId))
    .where(eq(refundAssignments.refundId, refundId))
    .orderBy(receivables.dueDate, invoices.invoiceNumber);
