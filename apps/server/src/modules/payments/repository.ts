import { and, eq, sql } from 'drizzle-orm';
import { minorToDecimal } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { invoices, paymentAssignments, payments, receivables } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { visibleAccountsCondition } from '../../lib/access';
import type { Assignment } from '../../lib/allocation';
import { initialChargeLease } from './charge-lease';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export const findPaymentByKey = async (db: PortalDb, accountId: bigint, idempotencyKey: string): Promise<PaymentRow | null> => {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.idempotencyKey, idempotencyKey)));
  return row ?? null;
};

export const findPayment = async (db: PortalDb, paymentId: bigint): Promise<PaymentRow | null> => {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row ?? null;
};

/** The payment, when it belongs to an account the caller may use. */
export const findVisiblePayment = async (db: PortalDb, caller: Caller, paymentId: bigint): Promise<PaymentRow | null> => {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), visibleAccountsCondition(caller, payments.accountId)));
  return row ?? null;
};

/** The invoices a payment paid (its assignments) and the amount applied to each, by due date. */
export const listPaymentInvoices = (db: PortalDb, paymentId: bigint) =>
  db
    .select({
      invoiceNumber: invoices.invoiceNumber,
      startDate: invoices.startDate,
      endDate: invoices.endDate,
      dueDate: invoices.dueDate,
      applied: paymentAssignments.amount,
    })
    .from(paymentAssignments)
    .innerJoin(receivables, eq(receivables.id, paymentAssignments.receivableId))
    .innerJoin(invoices, eq(invoices.id, receivables.invoiceId))
    .where(eq(paymentAssignments.paymentId, paymentId))
    .orderBy(receivables.dueDate, invoices.invoiceNumber);

export { openReceivables } from '../../lib/unapplied-credits';


/** Records a payment whose charge its creator sends next (it holds the charge lease). */
export const insertPayment = (tx: PortalDb, values: NewPayment & { createdAt: Date }, assignments: readonly Assignment[]): Promise<PaymentRow> =>
  recordPayment(tx, { ...values, ...initialChargeLease(values.createdAt) }, assignments);

/** Records a payment and its assignments to receivables, in the caller's transaction. */
export const recordPayment = async (tx: PortalDb, values: NewPayment, assignments: readonly Assignment[]): Promise<PaymentRow> => {
  const [payment] = await tx.insert(payments).values(values).returning();
  if (assignments.length > 0) {
    await tx.insert(paymentAssignments).values(
      assignments.map((a) => ({ paymentId: payment!.id, receivableId: a.receivableId, amount: minorToDecimal(a.amountMinor) })),
    );
  }
  return payment!;
};

/** The shares a pay-all lead payment carries (docs/decisions/0036-refunds-and-pay-all.md), by id. */
export const sharesOf = (db: PortalDb, leadId: bigint): Promise<PaymentRow[]> =>
  db.select().from(payments).where(eq(payments.payAllId, leadId)).orderBy(payments.id);

export const setPaymentProviderRef = async (db: PortalDb, paymentId: bigint, providerRef: string): Promise<void> => {
  await db.update(payments).set({ providerRef }).where(and(eq(payments.id, paymentId), sql`${payments.providerRef} is null`));
};

/** A Postgres unique violation of `index`, wherever the driver nests it among causes. */
export const isUniqueViolation = (error: unknown, index: string): boolean => {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '23505' && (e.constraint === index || String(e.message).includes(index))) return true;
    current = e.cause;
  }
  return false;
};

/** Postgres unique violation on the (account, idempotency key) index: a concurrent double submit. */
export const isIdempotencyConflict = (error: unknown): boolean => isUniqueViolation(error, 'payments_idempotency_idx');

/** The payment a provider event is about: by the id we sent in its metadata, else by its reference. */
export const findProviderPayment = async (
  db: PortalDb,
  provider: string,
  paymentId: bigint | null,
  providerRef: string,
): Promise<PaymentRow | null> => {
  if (paymentId !== null) {
    const [byId] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.provider, provider)));
    if (byId && (byId.providerRef === null || byId.providerRef === providerRef)) return byId;
  }
  const [byRef] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return byRef ?? null;
};
