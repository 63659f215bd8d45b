import { describe, expect, it } from 'vitest';
import type { RecentPayment, Refund } from '@portal/contract';
import { refundableAmount, refundsByPayment } from './refund-rules';

const payment = (overrides: Partial<RecentPayment> = {}): Pick<RecentPayment, 'status' | 'amount' | 'method'> => ({ status: 'Successful', amount: 100, method: null, ...overrides });
const refund = (paymentId: number, status: Refund['status'], amount: number): Refund => ({
  id: BigInt(paymentId * 1000 + Math.round(amount * 100)),
  paymentId: BigInt(paymentId),
  date: '2026-03-10T15:00:00.000Z',
  amount,
  currency: 'CAD',
  reason: 'Test',
  status,
  receiptNumber: 'RF-0000001',
  failureMessage: null,
});

describe('refundableAmount', () => {
  it.each([
    { name: 'a card payment never refunded', payment: payment(), refunds: [], left: 100 },
    { name: 'less what was refunded', payment: payment(), refunds: [refund(1, 'Succeeded', 25)], left: 75 },
    { name: 'less a refund under way', payment: payment(), refunds: [refund(1, 'Pending', 30), refund(1, 'Succeeded', 25)], left: 45 },
    { name: 'a failed refund gave nothing back', payment: payment(), refunds: [refund(1, 'Failed', 100)], left: 100 },
    { name: 'refunded in full', payment: payment(), refunds: [refund(1, 'Succeeded', 100)], left: 0 },
    { name: 'a payment in progress', payment: payment({ status: 'InProgress' }), refunds: [], left: 0 },
    { name: 'a failed payment', payment: payment({ status: 'Error' }), refunds: [], left: 0 },
    { name: 'an offline payment (no provider to refund through)', payment: payment({ method: 'cheque' }), refunds: [], left: 0 },
    { name: 'cents exactly', payment: payment({ amount: 10.1 }), refunds: [refund(1, 'Succeeded', 0.3)], left: 9.8 },
  ])('$name → $left', ({ payment, refunds, left }) => {
    expect(refundableAmount(payment, refunds)).toBe(left);
  });
});

describe('refundsByPayment', () => {
  it('groups refunds under their payment, in the order given', () => {
    const grouped = refundsByPayment([refund(1, 'Succeeded', 5), refund(2, 'Failed', 3), refund(1, 'Pending', 2)]);
    expect([...grouped.keys()]).toEqual(['1', '2']);
    expect(grouped.get('1')!.map((r) => r.amount)).toEqual([5, 2]);
  });
});
