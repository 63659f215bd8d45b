import { describe, expect, it } from 'vitest';
import { hasPendingPayment, paymentStatusBadge, type PaymentStatusBadge } from './payment-status';

describe('paymentStatusBadge', () => {
  it.each<[string, PaymentStatusBadge]>([
    ['Successful', { tone: 'success', label: 'completed' }],
    ['Completed', { tone: 'success', label: 'completed' }],
    ['InProgress', { tone: 'warning', label: 'own', text: 'InProgress' }],
    ['Error', { tone: 'warning', label: 'own', text: 'Error' }],
    ['Refunded', { tone: 'warning', label: 'own', text: 'Refunded' }],
  ])('%s', (status, badge) => {
    expect(paymentStatusBadge(status)).toEqual(badge);
  });
});

describe('hasPendingPayment', () => {
  it.each([
    [[], false],
    [[{ status: 'Successful' as const }, { status: 'Error' as const }], false],
    [[{ status: 'Successful' as const }, { status: 'InProgress' as const }], true],
  ])('%#', (payments, pending) => {
    expect(hasPendingPayment(payments)).toBe(pending);
  });
});
