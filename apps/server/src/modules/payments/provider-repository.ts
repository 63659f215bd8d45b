/** SQL of the provider API's offline payments and credits: objects found by the provider's own ids. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { toMinor } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accounts, creditNotes, credits, invoices, paymentAssignments, payments, receivables } from '../../db/schema';
import type { Assignment } from '../../lib/allocation';
import { insertCreditNotes, noteUnappliedCredit } from '../../lib/unapplied-credits';
import type { PaymentRow } from './repository';

export type CreditRow = typeof credits.$inferSelect;

/** What a payment or credit took off one invoice. */
export interface AllocationRow {
  invoiceExternalId: string | null;
  invoiceNumber: string;
  amount: string;
}

export const findAccountIdByExternalId = async (db: PortalDb, externalId: string): Promise<bigint | null> => {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.externalId, externalId));
  return row?.id ?? null;
};

export const accountExternalIdOf = async (db: PortalDb, accountId: bigint): Promise<string> => {
  const [row] = await db.select({ externalId: accounts.externalId }).from(accounts).where(eq(accounts.id, accountId));
  return row?.externalId ?? '';
};

/** The receivables of the account's Posted invoices named by these external ids, by external id. */
export const receivablesByInvoiceExternalId = async (
  db: PortalDb,
  accountId: bigint,
  externalIds: readonly string[],
): Promise<Map<string, { receivableId: bigint; invoiceId: bigint }>> => {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .select({ externalId: invoices.externalId, receivableId: receivables.id, invoiceId: invoices.id })
    .from(invoices)
    .innerJoin(receivables, eq(receivables.invoiceId, invoices.id))
    .where(and(eq(invoices.accountId, accountId), eq(invoices.state, 'Posted'), inArray(invoices.externalId, [...externalIds])));
  return new Map(rows.map((row) => [row.externalId!, row]));
};

export const findPaymentByExternalId = async (db: PortalDb, externalId: string): Promise<PaymentRow | null> => {
  const [row] = await db.select().from(payments).where(eq(payments.externalId, externalId));
  return row ?? null;
};

/** The invoices a payment paid, oldest due first. */
export const paymentAllocations = (db: PortalDb, paymentId: bigint): Promise<AllocationRow[]> =>
  db
    .select({ invoiceExternalId: invoices.externalId, invoiceNumber: invoices.invoiceNumber, amount: paymentAssignments.amount })
    .from(paymentAssignments)
    .innerJoin(receivables, eq(receivables.id, paymentAssignments.receivableId))
    .innerJoin(invoices, eq(invoices.id, receivables.invoiceId))
    .where(eq(paymentAssignments.paymentId, paymentId))
    .orderBy(asc(receivables.dueDate), asc(receivables.id));

export const findCreditByExternalId = async (db: PortalDb, externalId: string): Promise<CreditRow | null> => {
  const [row] = await db.select().from(credits).where(eq(credits.externalId, externalId));
  return row ?? null;
};

/** The credit notes of a provider credit in the order written (those of its issue first). */
export const creditAllocations = (db: PortalDb, creditId: bigint): Promise<AllocationRow[]> =>
  db
    .select({ invoiceExternalId: invoices.externalId, invoiceNumber: invoices.invoiceNumber, amount: creditNotes.amount })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.creditId, creditId))
    .orderBy(asc(creditNotes.id));

export const invoiceExternalIdOf = async (db: PortalDb, invoiceId: bigint | null): Promise<string | null> => {
  if (invoiceId === null) return null;
  const [row] = await db.select({ externalId: invoices.externalId }).from(invoices).where(eq(invoices.id, invoiceId));
  return row?.externalId ?? null;
};

/** Records a credit and one credit note per receivable it reduces, in the caller's transaction. */
export const insertCredit = async (
  tx: PortalDb,
  values: typeof credits.$inferInsert & { createdAt: Date },
  assignments: readonly Assignment[],
): Promise<CreditRow> => {
  const [credit] = await tx.insert(credits).values(values).returning();
  await insertCreditNotes(tx, credit!, assignments, values.createdAt);
  // Under the account lock the caller holds: postings read this to apply what is left.
  if (toMinor(credit!.unappliedOnIssue) > 0n) await noteUnappliedCredit(tx, credit!.accountId, true);
  return credit!;
};
