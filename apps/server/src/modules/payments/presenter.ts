import { fromMinor, paymentFailureReasonOf, toMinor, type PaymentStatus, type RecentPayment } from '@portal/contract';
import type { PaymentRow } from './repository';

/** A numeric(14,2) column (a decimal string) as a wire amount, exactly. */
export const moneyOf = (decimal: string) => fromMinor(toMinor(decimal));

/** A payment as the home model, the payment history and PaymentResult show it. */
export const presentPayment = (
  payment: Pick<PaymentRow, 'id' | 'date' | 'amount' | 'currency' | 'status' | 'description' | 'type' | 'cardBrand' | 'cardLast4' | 'method' | 'failureReason'>,
): RecentPayment => ({
  id: payment.id,
  date: payment.date.toISOString(),
  amount: moneyOf(payment.amount),
  currency: payment.currency as RecentPayment['currency'],
  status: payment.status as PaymentStatus,
  description: payment.description,
  type: payment.type,
  card: payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
  method: payment.method,
  failureReason: payment.status === 'Error' ? paymentFailureReasonOf(payment.failureReason) : null,
});
