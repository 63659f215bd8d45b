import { bankDebitSchemeFor, PAYMENT_MESSAGES, toMinor, type CurrencyCode } from '@portal/contract';
import type { ChargeResult } from '../../card-providers/provider';
import type { Deps } from '../../http/deps';
import { CHARGE_LEASE_MS, CHARGE_LEASE_RENEW_MS, deferCharge, renewChargeLease } from './charge-lease';
import { findPayment, setPaymentProviderRef, type PaymentRow } from './repository';
import { settlePayment } from './settlement';

export interface ChargeTarget {
  payment: PaymentRow;
  paymentMethodRef: string;
  customerRef: string | null;
  /** What to charge when it is not the payment's amount: a pay-all lead's, the sum of its shares (docs/decisions/0036-refunds-and-pay-all.md). */
  amountMinor?: bigint;
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
export const submitCharge = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log' | 'outbox'>, target: ChargeTarget, notifyManualFailure: boolean): Promise<PaymentRow> => {
  const { payment } = target;
  // Keep the lease while the provider answers, however long it takes; a crash stops the renewal.
  const renewal = setInterval(() => {
    renewChargeLease(deps.db, payment.id, new Date(deps.clock.now().getTime() + CHARGE_LEASE_MS)).catch((error: unknown) =>
      deps.log.warn({ err: error, paymentId: String(payment.id) }, 'could not renew the charge lease'),
    );
  }, CHARGE_LEASE_RENEW_MS);
  renewal.unref();
  let result: ChargeResult;
  try {
    result = await deps.provider.charge({
      paymentId: payment.id,
      accountId: payment.accountId,
      customerRef: target.customerRef,
      paymentMethodRef: target.paymentMethodRef,
      amountMinor: target.amountMinor ?? toMinor(payment.amount),
      currency: payment.currency as CurrencyCode,
      description: payment.description ?? 'Payment',
      idempotencyKey: chargeIdempotencyKey(payment.id),
      bankScheme: payment.bankDebit ? (bankDebitSchemeFor(payment.currency) ?? undefined) : undefined,
    });
  } catch (error) {
    clearInterval(renewal);
    deps.log.warn({ err: error, paymentId: String(payment.id) }, 'charge not confirmed by the provider; it will be resubmitted');
    await deferCharge(deps.db, payment.id, deps.clock.now(), payment.chargeAttempts);
    return payment;
  }
  clearInterval(renewal);
  const now = deps.clock.now();
  if (result.status === 'pending') {
    await setPaymentProviderRef(deps.db, payment.id, result.providerRef);
  } else {
    const outcome =
      result.status === 'failed'
        ? ({ status: 'Error', failureReason: result.failureReason, failureMessage: result.failureMessage || PAYMENT_MESSAGES.declined } as const)
        : ({ status: 'Successful' } as const);
    await deps.db.transaction((tx) => settlePayment(tx, now, payment.id, outcome, { providerRef: result.providerRef, notifyManualFailure, outbox: deps.outbox }));
  }
  return (await findPayment(deps.db, payment.id)) ?? payment;
};
