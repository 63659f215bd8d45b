import { eq } from 'drizzle-orm';
import type { AccountPaymentMethod } from '@portal/contract';
import type { PortalDb } from '../db/client';
import { accounts } from '../db/schema';

export interface LockedAccount {
  id: bigint;
  currency: string;
  paymentMethod: AccountPaymentMethod;
  providerCustomerRef: string | null;
}

/**
 * Locks the account row for the rest of the transaction. Every write that assigns money to the
 * account's receivables takes this lock first, so two payments can never both take the last open
 * amount.
 */
export const lockAccount = async (tx: PortalDb, accountId: bigint): Promise<LockedAccount | null> => {
  const [row] = await tx
    .select({ id: accounts.id, currency: accounts.currency, paymentMethod: accounts.paymentMethod, providerCustomerRef: accounts.providerCustomerRef })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  return row ?? null;
};
