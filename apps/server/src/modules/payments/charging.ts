import { PAYMENT_MESSAGES, toMinor, type CurrencyCode } from '@portal/contract';
import type { ChargeResult } from '../../card-providers/provider';
import type { BillingContext } from '../../http/billing-context';
import { CHARGE_LEASE_MS, CHARGE_LEASE_RENEW_MS, deferCharge, renewChargeLease } from './charge-lease';
import { findPayment, setPaymentProviderRef, type PaymentRow } from './repository';
import { settlePayment } from './settlement';

export interface ChargeTarget {
  payment: PaymentRow;
  paymentMethodRef: string;
  customerRef: string | null;
}

/** The key the provider sees for a payment: stable, so a resubmitted charge is taken at most once. */
export const chargeIdempotencyKey = (paymentId: bigint): string => `portal-payment-${paymentId}`;

/**
 * Sends a committed InProgress payment, whose charge lease the caller holds, to the provider and
 * records what it answered. Runs outside any transaction (a network call must not hold row locks or
 * a connection). When the provider cannot be reached the payment stays InProgress without a
 * provider reference until its retry is due, and the resubmit job sends it again with the same
 * idempotency key.
 */
export const submitCharge = async (ctx: BillingContext, target: ChargeTarget, notifyManualFailure: boolean): Promise<PaymentRow> => {
  const { payment } = target;
  // Keep the lease while the provider answers, however long it takes; a crash stops the renewal.
  const renewal = setInterval(() => {
    renewChargeLease(ctx.db, payment.id, new Date(ctx.clock.now().getTime() + CHARGE_LEASE_MS)).catch((error: unknown) =>
      ctx.log.warn({ err: error, paymentId: String(payment.id) }, 'could not renew the charge lease'),
    );
  }, CHARGE_LEASE_RENEW_MS);
  renewal.unref();
  let result: ChargeResult;
  try {
    result = await ctx.provider.charge({
      paymentId: payment.id,
      accountId: payment.accountId,
      customerRef: target.customerRef,
      paymentMethodRef: target.paymentMethodRef,
      amountMinor: toMinor(payment.amount),
      currency: payment.currency as CurrencyCode,
      description: payment.description ?? 'Payment',
      idempotencyKey: chargeIdempotencyKey(payment.id),
    });
  } catch (error) {
    clearInterval(renewal);
    ctx.log.warn({ err: error, paymentId: String(payment.id) }, 'charge not confirmed by the provider; it will be resubmitted');
    await deferCharge(ctx.db, payment.id, ctx.clock.now(), payment.chargeAttempts);
    return payment;
  }
  clearInterval(renewal);
  const now = ctx.clock.now();
  if (result.status === 'pending') {
    await setPaymentProviderRef(ctx.db, payment.id, result.providerRef);
  } else {
    const outcome =
      result.status === 'failed'
        ? ({ status: 'Error', failureReason: result.failureReason, failureMessage: result.failureMessage || PAYMENT_MESSAGES.declined } as const)
        : ({ status: 'Successful' } as const);
    await ctx.db.transaction((tx) => settlePayment(tx, now, payment.id, outcome, { providerRef: result.providerRef, notifyManualFailure, outbox: ctx.outbox }));
  }
  return (await findPayment(ctx.db, payment.id)) ?? payment;
};
