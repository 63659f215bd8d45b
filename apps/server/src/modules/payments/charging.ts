import { PAYMENT_MESSAGES, toMinor, type CurrencyCode } from '@portal/contract';
import type { ChargeResult } from '../../payments/provider';
import type { BillingContext } from './context';
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
 * Sends a committed InProgress payment to the provider and records what it answered. Runs outside
 * any transaction (a network call must not hold row locks). When the provider cannot be reached the
 * payment stays InProgress without a provider reference, and the resubmit job retries it with the
 * same idempotency key.
 */
export const submitCharge = async (ctx: BillingContext, target: ChargeTarget, notifyManualFailure: boolean): Promise<PaymentRow> => {
  const { payment } = target;
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
    ctx.log.warn({ err: error, paymentId: String(payment.id) }, 'charge not confirmed by the provider; it will be resubmitted');
    return payment;
  }
  const now = ctx.clock.now();
  if (result.status === 'pending') {
    await setPaymentProviderRef(ctx.db, payment.id, result.providerRef);
  } else {
    const outcome =
      result.status === 'failed'
        ? ({ status: 'Error', failureMessage: result.failureMessage || PAYMENT_MESSAGES.declined } as const)
        : ({ status: 'Successful' } as const);
    await ctx.db.transaction((tx) => settlePayment(tx, now, payment.id, outcome, { providerRef: result.providerRef, notifyManualFailure }));
  }
  return (await findPayment(ctx.db, payment.id)) ?? payment;
};
