import type { PortalDb } from '../../db/client';
import { sandboxVault } from '../../db/schema';
import type { SavedPaymentMethod } from '../provider';
import type { AcceptedBankAccount } from './bank-entry';

/**
 * What the sandbox processor keeps of a bank account entered on its page (docs/decisions/0035-bank-debit.md): the
 * bank's name, the last four digits, the institution-transit or routing number and how its debits behave; never
 * the account number. Kept in the card vault under the session's reference, so one lookup answers either.
 */
export const saveSandboxBankAccount = async (db: PortalDb, ref: string, account: AcceptedBankAccount, fingerprint: string, now: Date): Promise<void> => {
  const values = {
    brand: account.bankName,
    last4: account.last4,
    expMonth: null,
    expYear: null,
    nameOnCard: account.accountHolder,
    declinesCharges: false,
    returnReason: account.returnReason,
    bankScheme: account.scheme,
    bankRouting: account.routing,
    fingerprint,
  };
  await db.insert(sandboxVault).values({ ref, createdAt: now, ...values }).onConflictDoUpdate({ target: sandboxVault.ref, set: values });
};

export const savedSandboxBankAccount = (row: typeof sandboxVault.$inferSelect): SavedPaymentMethod => ({
  type: 'bank_account',
  providerRef: row.ref,
  scheme: row.bankScheme!,
  bankName: row.brand,
  last4: row.last4,
  routing: row.bankRouting ?? '',
  fingerprint: row.fingerprint,
});
