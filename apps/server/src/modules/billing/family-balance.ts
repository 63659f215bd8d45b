/**
 * Billing/family/{accountId} (docs/decisions/0036-refunds-and-pay-all.md): a parent's consolidated balance,
 * each account's as its home model says (the same ledger rule and the same "today" in its time zone), summed.
 */
import { sumBalances, sumOverdue, type FamilyBalance } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { notFound } from '../../errors';
import type { Caller } from '../../lib/caller';
import { familyAccounts } from '../../lib/family';
import { readHomeModel } from './home-model';

export const readFamilyBalance = async (db: PortalDb, caller: Caller, parentId: bigint, now: Date): Promise<FamilyBalance> => {
  const family = await familyAccounts(db, caller, parentId);
  if (family.length === 0) throw notFound('The account');
  const accounts = await Promise.all(
    family.map(async (account) => {
      const { value } = await readHomeModel(db, caller, account.id, now);
      return { accountId: account.id, customerNo: account.customerNo, name: account.name, balances: value.balances, overdue: value.overdue };
    }),
  );
  return { accounts, balances: sumBalances(accounts.flatMap((a) => a.balances)), overdue: sumOverdue(accounts.flatMap((a) => a.overdue)) };
};
