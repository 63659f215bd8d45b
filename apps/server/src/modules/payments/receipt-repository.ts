/** SQL of a payment receipt beyond the payment itself. */
import type { PortalDb } from '../../db/client';
import { owingAfterPaymentSql } from '../../lib/ledger';

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
  const { rows } = await db.execute<{ owing: string }>(owingAfterPaymentSql(payment));
  return rows[0]!.owing;
};
