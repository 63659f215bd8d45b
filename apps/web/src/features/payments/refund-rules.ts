import { fromMinor, refundableMinor, toMinor, type RecentPayment, type Refund } from '@portal/contract';

/** The refunds of each payment, as Payment History lists them under it (newest first, as the server sends them). */
export const refundsByPayment = (refunds: readonly Refund[]): Map<string, Refund[]> => {
  const byPayment = new Map<string, Refund[]>();
  for (const refund of refunds) byPayment.set(String(refund.paymentId), [...(byPayment.get(String(refund.paymentId)) ?? []), refund]);
  return byPayment;
};

/**
 * What Staff may still refund of a payment (docs/decisions/0036-refunds-and-pay-all.md): a Successful
 * payment taken by a card or bank provider, less its refunds not failed; 0 when none can be.
 */
export const refundableAmount = (payment: Pick<RecentPayment, 'status' | 'amount' | 'method'>, refunds: readonly Pick<Refund, 'status' | 'amount'>[]): number => {
  if (payment.status !== 'Successful' || payment.method !== null) return 0;
  const left = refundableMinor(toMinor(payment.amount), refunds.map((r) => ({ status: r.status, amountMinor: toMinor(r.amount) })));
  return left > 0n ? fromMinor(left) : 0;
};
