/**
 * An account's unapplied credit (docs/decisions/0020-offline-payments-and-credits.md): what a provider
 * credit gave beyond what was open. The credit itself is the ledger entry (`ledgerEntries`), so the
 * balance shows it at once; its credit notes say which receivables it reduced. Invoices posted later
 * take it, oldest open receivable first, by the payments' allocation rules (`lib/allocation.ts`).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { minorToDecimal, toMinor } from '@portal/contract';
import type { PortalDb } from '../db/client';
import { accounts, creditNotes, receivables } from '../db/schema';
import { lockAccount } from './account-lock';
import { applyUnappliedCredits, type Assignment, type OpenReceivable, type UnappliedCredit } from './allocation';
import { committedOnReceivable } from './ledger';

/**
 * Receivables of posted invoices in the currency, with what is still open on each (amount less
 * Successful and InProgress assignments and credit notes). `ids` limits the rows (explicit
 * assignments); without it only receivables with something open come back.
 */
export const openReceivables = async (
  db: PortalDb,
  accountId: bigint,
  currency: string,
  ids?: readonly bigint[],
): Promise<OpenReceivable[]> => {
  const open = sql`r.amount - ${committedOnReceivable(sql`r.id`)}`;
  const filter = ids ? sql`r.id = any(${`{${ids.join(',')}}`}::bigint[])` : sql`${open} > 0`;
  const result = await db.execute<{ id: bigint; due_date: string; open: string }>(sql`
    select r.id, r.due_date, (${open})::text as open
    from receivables r join invoices i on i.id = r.invoice_id
    where r.account_id = ${accountId} and r.currency = ${currency} and i.state = 'Posted' and ${filter}
    order by r.due_date, r.id`);
  return result.rows.map((row) => ({ id: BigInt(row.id), dueDate: String(row.due_date), openMinor: toMinor(row.open) }));
};

/** The account's credits in the currency with something not yet applied, oldest first, with their reason. */
const unappliedCredits = async (
  db: PortalDb,
  accountId: bigint,
  currency: string,
): Promise<(UnappliedCredit & { reason: string })[]> => {
  const { rows } = await db.execute<{ id: string; reason: string; unapplied: string }>(sql`
    select c.id::text as id, c.reason, (c.amount - coalesce((select sum(cn.amount) from credit_notes cn where cn.credit_id = c.id), 0))::text as unapplied
    from credits c
    where c.account_id = ${accountId} and c.currency = ${currency}
    order by c.created_at, c.id`);
  return rows
    .map((row) => ({ creditId: BigInt(row.id), reason: row.reason, unappliedMinor: toMinor(row.unapplied) }))
    .filter((credit) => credit.unappliedMinor > 0n);
};

/** Writes the credit notes of one credit: one per receivable it reduces, on that receivable's invoice. */
export const insertCreditNotes = async (
  tx: PortalDb,
  credit: { id: bigint; accountId: bigint; currency: string; reason: string },
  assignments: readonly Assignment[],
  at: Date,
): Promise<void> => {
  if (assignments.length === 0) return;
  const invoiceOf = new Map(
    (
      await tx
        .select({ id: receivables.id, invoiceId: receivables.invoiceId })
        .from(receivables)
        .where(
          inArray(
            receivables.id,
            assignments.map((a) => a.receivableId),
          ),
        )
    ).map((r) => [r.id, r.invoiceId]),
  );
  await tx.insert(creditNotes).values(
    assignments.map((a) => ({
      accountId: credit.accountId,
      invoiceId: invoiceOf.get(a.receivableId)!,
      receivableId: a.receivableId,
      creditId: credit.id,
      amount: minorToDecimal(a.amountMinor),
      currency: credit.currency,
      description: credit.reason,
      createdAt: at,
    })),
  );
};

/** Notes on the account row whether it has unapplied credit, under the account lock (postings read it). */
export const noteUnappliedCredit = async (tx: PortalDb, accountId: bigint, unapplied: boolean): Promise<void> => {
  await tx.update(accounts).set({ unappliedCredit: unapplied }).where(eq(accounts.id, accountId));
};

/**
 * After an invoice is posted, in its transaction, when the account has unapplied credit: it goes to what
 * is open, oldest credit and oldest receivable first, under the account lock, which credits take too.
 * Once none is left, the account row says so and later postings skip this.
 */
export const applyUnappliedCreditsOnPosting = async (tx: PortalDb, accountId: bigint, currency: string, at: Date): Promise<void> => {
  await lockAccount(tx, accountId);
  const credits = await unappliedCredits(tx, accountId, currency);
  const applied = credits.length === 0 ? [] : applyUnappliedCredits(credits, await openReceivables(tx, accountId, currency));
  for (const credit of credits) {
    const assignments = applied.filter((a) => a.creditId === credit.creditId);
    await insertCreditNotes(tx, { id: credit.creditId, accountId, currency, reason: credit.reason }, assignments, at);
  }
  const appliedMinor = applied.reduce((sum, a) => sum + a.amountMinor, 0n);
  const unappliedMinor = credits.reduce((sum, c) => sum + c.unappliedMinor, 0n);
  if (appliedMinor === unappliedMinor) await noteUnappliedCredit(tx, accountId, false);
};
