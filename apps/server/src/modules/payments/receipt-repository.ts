/** SQL of a payment receipt beyond the payment itself. */
import { sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';

/**
 * What the account still owed in the payment's currency right after the payment (numeric text; negative
 * when in credit), by the ledger rule: Posted invoices posted by then, less Successful payments up to and
 * including this one (by date, then id) and credit notes issued by then. A receipt printed again later
 * shows the same figure.
 */
export const owingAfterPayment = async (
  db: PortalDb,
  payment: { id: bigint; accountId: bigint; currency: string; date: Date },
): Promise<string> => {
  const at = sql`${payment.date.toISOString()}::timestamptz`;
  const { rows } = await db.execute<{ owing: string }>(sql`
    select (
      (select coalesce(sum(amount), 0) from invoices
        where account_id = ${payment.accountId} and currency = ${payment.currency} and state = 'Posted' and posted_date <= ${at})
      - (select coalesce(sum(amount), 0) from payments
        where account_id = ${payment.accountId} and currency = ${payment.currency} and status = 'Successful'
          and (date, id) <= (${at}, ${payment.id}::int8))
      - (select coalesce(sum(amount), 0) from credit_notes
        where account_id = ${payment.accountId} and currency = ${payment.currency} and created_at <= ${at})
    )::text as owing`);
  return rows[0]!.owing;
};
