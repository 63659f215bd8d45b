/**
 * Payment/{paymentId}/refund (docs/decisions/0036-refunds-and-pay-all.md): Staff give back part or all of a
 * Successful payment. Under the payment's row lock the refund is bounded by what the payment still holds
 * and written Pending with the receivables it will reopen (newest first); the provider refunds it outside
 * any transaction under a key of the refund, then the refund succeeds (a ledger entry, the receivables
 * open again, `payment.refunded`) or fails (nothing changed, its amount held again).
 */
import { REFUND_MESSAGES, minorToDecimal, refundableMinor, toMinor, type CurrencyCode, type Money, type Refund } from '@portal/contract';
import { conflict, notFound } from '../../errors';
import type { Deps } from '../../http/deps';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import { reopenOnRefund } from '../../lib/allocation';
import { actorOfUser, idText, moneyText, recordTypedEvent } from '../../lib/event-data';
import { jobActor } from '../../lib/events';
import { moneyOf } from './presenter';
import { findPayment } from './repository';
import type { PortalDb } from '../../db/client';
import { heldOnReceivables, insertRefund, listAccountRefunds, lockPayment, refundsOfPayment, settleRefundRow, type RefundRow } from './refund-repository';
import { assertAccountAccess } from '../../lib/access';

/** The key the provider sees for a refund: a retried call gives back the money once. */
export const refundIdempotencyKey = (refundId: bigint): string => `portal-refund-${refundId}`;

export const presentRefund = (refund: RefundRow): Refund => ({
  id: refund.id,
  paymentId: refund.paymentId,
  date: (refund.settledAt ?? refund.createdAt).toISOString(),
  amount: moneyOf(refund.amount),
  currency: refund.currency as CurrencyCode,
  reason: refund.reason,
  status: refund.status,
  receiptNumber: refund.receiptNumber,
  failureMessage: refund.failureMessage,
});

export interface RefundInput {
  amount: Money;
  reason: string;
}

/** Staff's refund of a payment: the refund as it ended (Succeeded or Failed), or Pending when the provider could not be reached. */
export const refundPayment = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log'>, caller: Caller, paymentId: bigint, input: RefundInput): Promise<Refund> => {
  const amountMinor = toMinor(input.amount);
  const { refund, payment, providerRef } = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw notFound('The payment');
    if (payment.status !== 'Successful') throw conflict(REFUND_MESSAGES.notRefundable);
    // Only a payment the configured provider took can be given back through it (not an offline one); a pay-all
    // share through its lead's charge, each share bounded by its own amount, so together never above the charge.
    const providerRef = payment.payAllId === null ? payment.providerRef : ((await findPayment(tx, payment.payAllId))?.providerRef ?? null);
    if (payment.provider !== deps.provider.name || !providerRef) throw conflict(REFUND_MESSAGES.noProvider);
    const earlier = await refundsOfPayment(tx, paymentId);
    const left = refundableMinor(toMinor(payment.amount), earlier.map((r) => ({ status: r.status, amountMinor: toMinor(r.amount) })));
    if (amountMinor > left) throw conflict(REFUND_MESSAGES.moreThanHeld);
    const reopened = reopenOnRefund(await heldOnReceivables(tx, paymentId), amountMinor);
    const refund = await insertRefund(
      tx,
      {
        paymentId,
        accountId: payment.accountId,
        amount: minorToDecimal(amountMinor),
        currency: payment.currency,
        reason: input.reason,
        status: 'Pending',
        createdByUserId: caller.userId,
        createdAt: deps.clock.now(),
      },
      reopened,
    );
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId: payment.accountId,
      action: 'payment.refund_requested',
      entity: 'refund',
      entityId: refund.id,
      details: {
        paymentId,
        amount: refund.amount,
        currency: refund.currency,
        reason: input.reason,
        reopens: reopened.map((a) => ({ receivableId: a.receivableId, amount: minorToDecimal(a.amountMinor) })),
      },
    });
    return { refund, payment, providerRef };
  });

  let result;
  try {
    result = await deps.provider.refund({
      refundId: refund.id,
      paymentId,
      paymentProviderRef: providerRef,
      amountMinor,
      currency: payment.currency as CurrencyCode,
      idempotencyKey: refundIdempotencyKey(refund.id),
    });
  } catch (error) {
    // Left Pending (its amount held, nothing reopened): sent again under the same key, it is given back once.
    deps.log.warn({ err: error, refundId: String(refund.id) }, 'refund not confirmed by the provider');
    return presentRefund(refund);
  }
  const settled = await deps.db.transaction((tx) =>
    settleRefund(tx, deps.clock.now(), refund.id, result.status === 'succeeded' ? { status: 'Succeeded', providerRef: result.providerRef } : { status: 'Failed', failureMessage: result.failureMessage }),
  );
  return presentRefund(settled ?? refund);
};

/** A Pending refund's outcome, in the caller's transaction: audited, and a succeeded one is the event `payment.refunded`. */
export const settleRefund = async (
  tx: PortalDb,
  now: Date,
  refundId: bigint,
  outcome: Parameters<typeof settleRefundRow>[2],
): Promise<RefundRow | null> => {
  const refund = await settleRefundRow(tx, refundId, outcome, now);
  if (!refund) return null;
  await recordAudit(tx, {
    actorUserId: null,
    accountId: refund.accountId,
    action: refund.status === 'Succeeded' ? 'payment.refunded' : 'payment.refund_failed',
    entity: 'refund',
    entityId: refund.id,
    details: { paymentId: refund.paymentId, amount: refund.amount, currency: refund.currency, failureMessage: refund.failureMessage },
  });
  if (refund.status === 'Succeeded') {
    const payment = await findPayment(tx, refund.paymentId);
    const all = await refundsOfPayment(tx, refund.paymentId);
    const remaining = refundableMinor(toMinor(payment!.amount), all.map((r) => ({ status: r.status, amountMinor: toMinor(r.amount) })));
    const actor = (await actorOfUser(tx, refund.createdByUserId)) ?? jobActor('refunds');
    await recordTypedEvent(tx, {
      type: 'payment.refunded',
      accountId: refund.accountId,
      actor,
      data: {
        refundId: idText(refund.id),
        paymentId: idText(refund.paymentId),
        amount: moneyText(refund.amount),
        currency: refund.currency,
        reason: refund.reason,
        remaining: minorToDecimal(remaining),
        receiptNumber: refund.receiptNumber,
      },
      at: now,
    });
  }
  return refund;
};

/** Payment/refunds/{accountId}: the account's refunds, newest first; 404 unless the caller may use it. */
export const listRefunds = async (deps: Pick<Deps, 'db'>, caller: Caller, accountId: bigint): Promise<{ value: Refund[] }> => {
  await assertAccountAccess(deps.db, caller, accountId);
  return { value: (await listAccountRefunds(deps.db, accountId)).map(presentRefund) };
};
