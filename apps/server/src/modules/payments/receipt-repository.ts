/** SQL of a payment receipt beyond the payment itself. */
import { inArray } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { accounts } from '../../db/schema';
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

/** The customer numbers of accounts, by id: a pay-all receipt names each account it paid. */
export const accountNumbersOf = async (db: PortalDb, ids: readonly bigint[]): Promise<Map<bigint, string>> => {
  const rows = await db.select({ id: accounts.id, customerNo: accounts.customerNo }).from(accounts).where(inArray(accounts.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.customerNo]));
};
