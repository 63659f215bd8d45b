import { Column, getTableName, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Columns always table-qualified: drizzle renders a column bare ("id") in a single-table select,
 * and inside these correlated subqueries a bare "id" would bind to the receivable's own id.
 */
const qualified = (expr: AnyPgColumn | SQL): SQL =>
  is(expr, Column) ? sql`${sql.identifier(getTableName(expr.table))}.${sql.identifier(expr.name)}` : sql`${expr}`;

/**
 * Money actually collected against a receivable: assignments of Successful payments only, so an
 * InProgress or failed charge never reduces what is owed.
 */
export const collectedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = ${qualified(receivableId)} and p.status = 'Successful'), 0)`;

/**
 * Money promised against a receivable: assignments of Successful and InProgress payments. New
 * payments may only be assigned up to amount − this, so a double submit cannot overpay.
 */
export const committedOnReceivable = (receivableId: AnyPgColumn | SQL): SQL<string> => sql<string>`coalesce((
  select sum(pa.amount) from payment_assignments pa join payments p on p.id = pa.payment_id
  where pa.receivable_id = ${qualified(receivableId)} and p.status in ('Successful', 'InProgress')), 0)`;

/** What an invoice still owes: its amount less collected assignments to its receivable (spec §3 `owing`). */
export const invoiceOwing = (invoiceId: AnyPgColumn | SQL, invoiceAmount: AnyPgColumn | SQL): SQL<string> => sql<string>`(
  ${qualified(invoiceAmount)} - coalesce((select ${collectedOnReceivable(sql`r.id`)} from receivables r where r.invoice_id = ${qualified(invoiceId)}), 0))`;
