import {
  isCardDecline,
  PAYMENT_FAILURE_TEXTS,
  paymentFailureReasonOf,
  type PaymentFailureReason,
  type RecentPayment,
} from '@portal/contract';

/**
 * Where a submitted payment stands, as the pay modal and the payments screen say it: still processing, paid,
 * refused by the bank (`declined`), or stopped before the bank answered (`failed`: the processor, a removed
 * card). Pure: a function of the payment's state alone.
 */
export type PaymentOutcome =
  | { state: 'processing' }
  | { state: 'succeeded' }
  | { state: 'declined' | 'failed'; reason: PaymentFailureReason };

export const paymentOutcome = (payment: Pick<RecentPayment, 'status' | 'failureReason'>): PaymentOutcome => {
  if (payment.status === 'Successful') return { state: 'succeeded' };
  if (payment.status === 'InProgress') return { state: 'processing' };
  const reason = paymentFailureReasonOf(payment.failureReason);
  return { state: isCardDecline(reason) ? 'declined' : 'failed', reason };
};

/**
 * The reason in the customer's language (the portal's two; anything else reads English). A plain decline has
 * nothing to add to "Your card was declined": null.
 */
export const failureReasonText = (reason: PaymentFailureReason, language: string): string | null => {
  if (reason === 'card_declined') return null;
  return PAYMENT_FAILURE_TEXTS[language === 'fr' ? 'fr' : 'en'][reason];
};

/** A failed payment's reason for the history row: always something, a plain decline included. */
export const historyReasonText = (payment: Pick<RecentPayment, 'status' | 'failureReason'>, language: string): string | null =>
  payment.status === 'Error' ? PAYMENT_FAILURE_TEXTS[language === 'fr' ? 'fr' : 'en'][paymentFailureReasonOf(payment.failureReason)] : null;
