/**
 * Payment/payall (docs/decisions/0036-refunds-and-pay-all.md): one card charge for everything open in a
 * currency across a parent account and its sub-accounts the caller may use. Each account gets its own
 * payment, its share, assigned to its own receivables oldest first under its own lock (accounts locked in
 * family order, parent first), so every account's ledger reads as if it had paid alone. The first share is
 * the lead: it holds the charge lease and is what the provider charges, for the sum of all shares; the others
 * point at it (`pay_all_id`) and settle with it. Every share carries the request's key, so a repeat finds the
 * first charge on whichever account it landed.
 */
import { PAY_ALL_MESSAGES, PAYMENT_FAILURE_TEXTS, minorToDecimal, paymentFailureReasonOf, wrongCurrencyMessage, type PayAllResult } from '@portal/contract';
import { badRequest, notFound } from '../../errors';
import type { Deps } from '../../http/deps';
import { lockAccount } from '../../lib/account-lock';
import { allocateUpTo } from '../../lib/allocation';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import { familyAccounts } from '../../lib/family';
import { submitCharge } from './charging';
import { presentPayment } from './presenter';
import { findPayment, findPaymentByKey, insertPayment, isIdempotencyConflict, openReceivables, recordPayment, sharesOf, type PaymentRow } from './repository';
import { MANUAL_PAYMENT_TYPE, usableCard } from './service';

export interface PayAllInput {
  accountId: bigint;
  paymentMethodId: bigint;
  currency: string;
  idempotencyKey: string;
}

const resultOf = async (deps: Pick<Deps, 'db'>, lead: PaymentRow): Promise<PayAllResult> => {
  const fresh = (await findPayment(deps.db, lead.id)) ?? lead;
  const shares = [fresh, ...(await sharesOf(deps.db, fresh.id))];
  return {
    payment: presentPayment(fresh),
    shares: shares.map((s) => ({ accountId: s.accountId, paymentId: s.id, amount: Number(s.amount) })),
    error: fresh.status === 'Error' ? PAYMENT_FAILURE_TEXTS.en[paymentFailureReasonOf(fresh.failureReason)] : null,
  };
};

/** The lead of an earlier pay-all with this key on any of the accounts, if one was made. */
const earlierLead = async (deps: Pick<Deps, 'db'>, accountIds: readonly bigint[], key: string): Promise<PaymentRow | null> => {
  for (const id of accountIds) {
    const found = await findPaymentByKey(deps.db, id, key);
    if (found) return found.payAllId === null ? found : await findPayment(deps.db, found.payAllId);
  }
  return null;
};

export const payAll = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log' | 'outbox'>, caller: Caller, input: PayAllInput): Promise<PayAllResult> => {
  const family = (await familyAccounts(deps.db, caller, input.accountId)).filter((a) => !a.closed);
  if (family.length === 0) throw notFound('The account');
  const ids = family.map((a) => a.id);
  const key = `pay-all:${input.idempotencyKey}`;
  const earlier = await earlierLead(deps, ids, key);
  if (earlier) return resultOf(deps, earlier);
  // The parent's card pays for everyone.
  const card = await usableCard(deps, input.accountId, input.paymentMethodId);
  const now = deps.clock.now();

  let created: { lead: PaymentRow; customerRef: string | null; totalMinor: bigint } | { replayed: PaymentRow };
  try {
    created = await deps.db.transaction(async (tx) => {
      const shares: { accountId: bigint; amountMinor: bigint; assignments: ReturnType<typeof allocateUpTo>['assignments'] }[] = [];
      let customerRef: string | null = null;
      for (const account of family) {
        const locked = await lockAccount(tx, account.id);
        if (!locked) continue;
        if (account.id === input.accountId) {
          customerRef = locked.providerCustomerRef;
          if (locked.currency !== input.currency) throw badRequest(wrongCurrencyMessage(locked.currency));
        }
        const winner = await findPaymentByKey(tx, account.id, key);
        if (winner) return { replayed: winner.payAllId === null ? winner : ((await findPayment(tx, winner.payAllId)) ?? winner) };
        const open = await openReceivables(tx, account.id, input.currency);
        const { assignments } = allocateUpTo(open, open.reduce((sum, r) => sum + r.openMinor, 0n));
        const amountMinor = assignments.reduce((sum, a) => sum + a.amountMinor, 0n);
        if (amountMinor > 0n) shares.push({ accountId: account.id, amountMinor, assignments });
      }
      if (shares.length === 0) throw badRequest(PAY_ALL_MESSAGES.nothingOwing);
      const row = (accountId: bigint, amountMinor: bigint) => ({
        accountId,
        date: now,
        createdAt: now,
        amount: minorToDecimal(amountMinor),
        currency: input.currency,
        status: 'InProgress' as const,
        type: MANUAL_PAYMENT_TYPE,
        description: 'Pay all',
        paymentMethodId: card.id,
        cardBrand: card.brand,
        cardLast4: card.last4,
        provider: card.provider,
        idempotencyKey: key,
        createdByUserId: caller.userId,
      });
      const [first, ...rest] = shares;
      const lead = await insertPayment(tx, row(first!.accountId, first!.amountMinor), first!.assignments);
      for (const share of rest) await recordPayment(tx, { ...row(share.accountId, share.amountMinor), payAllId: lead.id }, share.assignments);
      for (const share of shares) {
        await recordAudit(tx, {
          actorUserId: caller.userId,
          accountId: share.accountId,
          action: 'payment.created',
          entity: 'payment',
          entityId: lead.id,
          details: { payAll: true, parentAccountId: input.accountId, amount: minorToDecimal(share.amountMinor), currency: input.currency, paymentMethodId: card.id },
        });
      }
      return { lead, customerRef, totalMinor: shares.reduce((sum, share) => sum + share.amountMinor, 0n) };
    });
  } catch (error) {
    if (!isIdempotencyConflict(error)) throw error;
    const winner = await earlierLead(deps, ids, key);
    if (!winner) throw error;
    return resultOf(deps, winner);
  }
  if ('replayed' in created) return resultOf(deps, created.replayed);
  const lead = await submitCharge(deps, { payment: created.lead, paymentMethodRef: card.providerRef, customerRef: created.customerRef, amountMinor: created.totalMinor }, false);
  return resultOf(deps, lead);
};
