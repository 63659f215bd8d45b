import { sql } from 'drizzle-orm';
import { moneyFromDecimal, type CurrencyCode, type Money } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { creditNoteActivity, invoiceOwing } from '../../lib/ledger';

/**
 * Balance per currency: Successful payments and credit notes less posted invoices (negative = owing), summed
 * exactly in SQL. Currencies without any activity do not appear.
 */
export const balancesOf = async (db: PortalDb, accountId: bigint): Promise<{ currency: string; amount: string }[]> => {
  const result = await db.execute<{ currency: string; amount: string }>(sql`
    select currency, sum(amount)::text as amount from (
      select currency, amount from payments where account_id = ${accountId} and status = 'Successful'
      union all
      select currency, -amount from invoices where account_id = ${accountId} and state = 'Posted'
      union all
      ${creditNoteActivity(accountId)}
    ) activity
    group by currency
    order by currency`);
  return result.rows.map((row) => ({ currency: String(row.currency), amount: String(row.amount) }));
};

/** A posted invoice that still owes something: what the payment-due and overdue lines are made of. */
export interface OpenInvoiceRow {
  currency: CurrencyCode;
  amount: Money;
  owing: Money;
  dueDate: string;
}

/**
 * Posted invoices still owing something, oldest due first: the first one's due date is the payment-due
 * date (decisions §5), and those past due make up the amount overdue.
 */
export const openInvoicesOf = async (db: PortalDb, accountId: bigint): Promise<OpenInvoiceRow[]> => {
  const result = await db.execute<{ currency: string; amount: string; owing: string; due_date: string }>(sql`
    select currency, amount::text as amount, owing::text as owing, due_date from (
      select i.currency, i.amount, i.due_date, i.id, ${invoiceOwing(sql`i.id`, sql`i.amount`)} as owing from invoices i
      where i.account_id = ${accountId} and i.state = 'Posted'
    ) open
    where owing > 0
    order by due_date, id`);
  return result.rows.map((row) => ({
    currency: String(row.currency) as CurrencyCode,
    amount: moneyFromDecimal(String(row.amount)),
    owing: moneyFromDecimal(String(row.owing)),
    dueDate: String(row.due_date),
  }));
};
