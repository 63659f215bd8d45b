import { sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { invoiceOwing } from '../../lib/ledger';

/**
 * Balance per currency: Successful payments less posted invoices (negative = owing), summed
 * exactly in SQL. Currencies without any activity do not appear.
 */
export const balancesOf = async (db: PortalDb, accountId: bigint): Promise<{ currency: string; amount: string }[]> => {
  const result = await db.execute<{ currency: string; amount: string }>(sql`
    select currency, sum(amount)::text as amount from (
      select currency, amount from payments where account_id = ${accountId} and status = 'Successful'
      union all
      select currency, -amount from invoices where account_id = ${accountId} and state = 'Posted'
    ) activity
    group by currency
    order by currency`);
  return result.rows.map((row) => ({ currency: String(row.currency), amount: String(row.amount) }));
};

/** The due date of the oldest posted invoice that still owes something (decisions §5), or null. */
export const paymentDueDateOf = async (db: PortalDb, accountId: bigint): Promise<string | null> => {
  const result = await db.execute<{ due_date: string }>(sql`
    select i.due_date from invoices i
    where i.account_id = ${accountId} and i.state = 'Posted' and ${invoiceOwing(sql`i.id`, sql`i.amount`)} > 0
    order by i.due_date, i.id
    limit 1`);
  const row = result.rows[0];
  return row ? String(row.due_date) : null;
};
