/** Billing/GetClientHomeModel: what the dashboard shows of an account, on the day where its customer lives. */
import { fromMinor, moneyFromDecimal, overdueByCurrency, todayIn, type CurrencyCode, type HomeModel } from '@portal/contract';
import { accountTimeZone } from '@portal/contract/regions';
import type { PortalDb } from '../../db/client';
import { notFound } from '../../errors';
import type { Caller } from '../../lib/caller';
import type { Versioned } from '../../http/ledger-cache';
import { presentPayment } from '../payments';
import { findHomeModel, type HomeModelRows } from './home-model-repository';

/** How many payments the dashboard and the payments screen show. */
export const RECENT_PAYMENT_COUNT = 50;

const presentHomeModel = (model: HomeModelRows, today: string): HomeModel => {
  const overdue = overdueByCurrency(model.openInvoices, today);
  return {
    balances: model.balances.map((b) => ({ amount: moneyFromDecimal(b.amount), currency: { code: b.currency as CurrencyCode } })),
    recentPayments: model.recentPayments.map(presentPayment),
    paymentDueDate: model.openInvoices[0]?.dueDate ?? null,
    overdue: overdue.map((o) => ({ amount: fromMinor(o.owingMinor), currency: { code: o.currency }, since: o.since })),
  };
};

/**
 * The account's home model at `now` with the ledger version it was read at; it holds while the day
 * where the customer lives is the same and no dated billing address link starts or ends. 404 when the
 * caller may not use the account.
 */
export const readHomeModel = async (db: PortalDb, caller: Caller, accountId: bigint, now: Date): Promise<Versioned<HomeModel>> => {
  const model = await findHomeModel(db, caller, accountId, RECENT_PAYMENT_COUNT, now);
  if (!model) throw notFound('The account');
  // "Today" in the account's time zone, as every invoice state uses.
  const timeZone = accountTimeZone(model.timeZone, model.billingAddress);
  const today = todayIn(timeZone, now);
  const changesAt = model.billingAddressChangesAt ?? Infinity;
  return {
    value: presentHomeModel(model, today),
    version: model.version,
    holdsAt: (at) => at.getTime() < changesAt && todayIn(timeZone, at) === today,
  };
};
