import { Column, getTableName, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Columns always table-qualified: drizzle renders a column bare ("id") in a single-table select,
 * and inside these correlated subqueries a bare "id" would bind to the receivable's own id.
 */
const qualified = (expr: AnyPgColumn | SQL): SQL =>
  is(expr, Column) ? sql`${sql.identifier(getTableName(expr.table))}.${sql.identifier(expr.name)}` : sql`${expr}`;

/**
 * Credit notes on a receivable (resolved disputes): ledger entries that reduce what it owes like a
 * collected payment, so an invoice is never edited to lower it.
 */
export const creditedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(cn.amount) from credit_notes cn where cn.receivable_id = ${qualified(receivableId)}), 0)`;

/**
 * Money that settled a receivable: assignments of Successful payments only (an InProgress or failed
 * charge never reduces what is owed), and credit notes.
 */
export const collectedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`(coalesce((
  select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = ${qualified(receivableId)} and p.status = 'Successful'), 0) + ${creditedOnReceivable(receivableId)})`;

/**
 * Money promised against a receivable: assignments of Successful and InProgress payments, and credit
 * notes. New payments and credits may only be assigned up to amount − this, so neither a double submit
 * nor a credit can take what is owed below zero.
 */
export const committedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`(coalesce((
  select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = ${qualified(receivableId)} and p.status in ('Successful', 'InProgress')), 0) + ${creditedOnReceivable(receivableId)})`;

/** What an invoice still owes: its amount less collected assignments and credit notes on its receivable (spec §3 `owing`). */
export const invoiceOwing = (invoiceId: AnyPgColumn | SQL, invoiceAmount: AnyPgColumn | SQL): SQL<string> => sql<string>`(
  ${qualified(invoiceAmount)} - coalesce((select ${collectedOnReceivable(sql`r.id`)} from receivables r where r.invoice_id = ${qualified(invoiceId)}), 0))`;

/** What credit notes took off an invoice, through its receivable. */
export const invoiceCredited = (invoiceId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(cn.amount) from credit_notes cn join receivables r on r.id = cn.receivable_id where r.invoice_id = ${qualified(invoiceId)}), 0)::text`;

/**
 * Credit notes of an account issued in [from, to) (instants), oldest first: what a statement lists
 * beside payments. Each reduces the balance owed like a Successful payment.
 */
export const creditNotesOfAccount = (accountId: bigint, from: Date, to: Date): SQL => sql`
  select cn.id, cn.created_at, cn.invoice_id, i.invoice_number, cn.amount::text as amount, cn.currency, cn.description, cn.dispute_id
  from credit_notes cn join invoices i on i.id = cn.invoice_id
  where cn.account_id = ${accountId} and cn.created_at >= ${from.toISOString()}::timestamptz and cn.created_at < ${to.toISOString()}::timestamptz
  order by cn.created_at, cn.id`;

/** Every credit note of an account as balance activity (currency, amount): a credit lowers what is owed. */
export const creditNoteActivity = (accountId: bigint | SQL): SQL =>
  sql`select currency, amount from credit_notes where account_id = ${accountId}`;
