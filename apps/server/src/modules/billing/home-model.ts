/** Billing/GetClientHomeModel: what the dashboard shows of an account, on the day where its customer lives. */
import { fromMinor, overdueByCurrency, paymentFailureReasonOf, todayIn, type CurrencyCode, type HomeModel, type RecentPayment } from '@portal/contract';
import { accountTimeZone } from '@portal/contract/regions';
import type { PortalDb } from '../../db/client';
import { notFound } from '../../errors';
import type { Caller } from '../../lib/caller';
import type { Versioned } from '../../http/ledger-cache';
import { findHomeModel, type HomeModelRows, type HomePaymentRow } from './home-model-repository';

/** How many payments the dashboard and the payments screen show. */
export const RECENT_PAYMENT_COUNT = 50;

/** As `presentPayment` of the payments module shows a payment, from the statement's wire-ready fields. */
const presentRecentPayment = (payment: HomePaymentRow): RecentPayment => ({
  id: BigInt(payment.id),
  date: payment.date,
  amount: payment.amount,
  currency: payment.currency as RecentPayment['currency'],
  status: payment.status,
  description: payment.description,
  type: payment.type,
  card: payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
  method: payment.method,
  failureReason: payment.status === 'Error' ? paymentFailureReasonOf(payment.failureReason) : null,
});

const presentHomeModel = (model: HomeModelRows, today: string): HomeModel => {
  // A bank debit still Processing counts as paid for "overdue" (docs/decisions/0035-bank-debit.md).
  const overdue = overdueByCurrency(
    model.openInvoices.map((invoice) => ({ ...invoice, owing: invoice.overdueOwing ?? invoice.owing })),
    today,
  );
  return {
    balances: model.balances.map((b) => ({ amount: b.amount, currency: { code: b.currency as CurrencyCode } })),
    recentPayments: model.recentPayments.map(presentRecentPayment),
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
