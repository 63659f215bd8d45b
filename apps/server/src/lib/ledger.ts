import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Money actually collected against a receivable: assignments of Successful payments only, so an
 * InProgress or failed charge never reduces what is owed.
 */
export const collectedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = ${receivableId} and p.status = 'Successful'), 0)`;

/**
 * Money promised against a receivable: assignments of Successful and InProgress payments. New
 * payments may only be assigned up to amount − this, so a double submit cannot overpay.
 */
export const committedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = ${receivableId} and p.status in ('Successful', 'InProgress')), 0)`;

/** What an invoice still owes: its amount less collected assignments to its receivable (spec §3 `owing`). */
export const invoiceOwing = (invoiceId: AnyPgColumn | SQL, invoiceAmount: AnyPgColumn | SQL): SQL<string> => sql<string>`(
  ${invoiceAmount} - coalesce((select ${collectedOnReceivable(sql`r.id`)} from receivables r where r.invoice_id = ${invoiceId}), 0))`;
