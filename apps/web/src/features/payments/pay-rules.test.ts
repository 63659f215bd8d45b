import type { Balance } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  buildPaymentToCreate,
  defaultOneTimeTarget,
  hasBalanceOwing,
  isPayDisabled,
  type CustomAmountProblem,
  nextPaymentAttempt,
  payAmount,
  paymentFingerprint,
  payValidationError,
  showCustomAmountError,
  type PayFormState,
  type PaymentAttempt,
  type PayValidationError,
} from './pay-rules';

const balance = (amount: number, code: Balance['currency']['code'] = 'CAD'): Balance => ({ amount, currency: { code } });

describe('defaultOneTimeTarget', () => {
  it.each<[string, Balance[], { total: number; currency: string } | null]>([
    ['no balances', [], null],
    ['first negative balance, absolute', [balance(10, 'USD'), balance(-123.45)], { total: 123.45, currency: 'CAD' }],
    ['first of several negatives', [balance(-5, 'USD'), balance(-7)], { total: 5, currency: 'USD' }],
    ['else the first balance', [balance(40, 'GBP'), balance(0)], { total: 40, currency: 'GBP' }],
    ['zero balance', [balance(0)], { total: 0, currency: 'CAD' }],
  ])('%s', (_name, balances, expected) => {
    expect(defaultOneTimeTarget(balances)).toEqual(expected);
  });
});

const form = (overrides: Partial<PayFormState> = {}): PayFormState => ({
  choice: 'total',
  customText: '',
  paymentMethodId: 7n,
  ...overrides,
});

describe('pay modal enabling and validation', () => {
  it.each<[string, PayFormState, number, number | null, CustomAmountProblem | null, PayValidationError | null]>([
    // name, form, total → amount, inline error, submit error (the button is disabled exactly when there is one)
    ['total balance', form(), -120.5, 120.5, null, null],
    ['total balance of an invoice (positive owing)', form(), 80, 80, null, null],
    ['zero total cannot be paid', form(), 0, null, null, 'amount'],
    ['no method chosen', form({ paymentMethodId: null }), 50, 50, null, 'methodAndAmount'],
    ['custom amount', form({ choice: 'custom', customText: '12.34' }), 50, 12.34, null, null],
    ['custom amount empty', form({ choice: 'custom', customText: '' }), 50, null, null, 'amount'],
    ['custom amount zero', form({ choice: 'custom', customText: '0' }), 50, null, 'invalid', 'amount'],
    ['custom amount negative', form({ choice: 'custom', customText: '-3' }), 50, null, 'invalid', 'amount'],
    ['custom amount not a number', form({ choice: 'custom', customText: 'ten' }), 50, null, 'invalid', 'amount'],
    [
      'no method and bad amount',
      form({ choice: 'custom', customText: 'x', paymentMethodId: null }),
      50,
      null,
      'invalid',
      'methodAndAmount',
    ],
    ['custom text ignored for total', form({ customText: 'x' }), 50, 50, null, null],
    ['custom amount with 3 decimals', form({ choice: 'custom', customText: '12.345' }), 50, null, 'decimals', 'amount'],
    ['custom amount above what is owed', form({ choice: 'custom', customText: '50.01' }), -50, null, 'aboveOwing', 'amount'],
    ['custom amount equal to what is owed', form({ choice: 'custom', customText: '50' }), -50, 50, null, null],
  ])('%s', (_name, state, total, amount, inline, error) => {
    expect(payAmount(state, total)).toBe(amount);
    expect(showCustomAmountError(state, total)).toBe(inline);
    expect(payValidationError(state, total)).toBe(error);
    expect(isPayDisabled(state, total, false)).toBe(error !== null);
  });

  it.each([
    [[{ amount: -5, currency: { code: 'CAD' as const } }], true],
    [[{ amount: 0, currency: { code: 'CAD' as const } }], false],
    [[{ amount: 20, currency: { code: 'CAD' as const } }], false],
    [[], false],
  ])('hasBalanceOwing(%j) is %s', (balances, owing) => {
    expect(hasBalanceOwing(balances)).toBe(owing);
  });

  it('is disabled while processing even when valid', () => {
    expect(isPayDisabled(form(), 50, true)).toBe(true);
    expect(isPayDisabled(form(), 50, false)).toBe(false);
  });
});

describe('buildPaymentToCreate', () => {
  it('sends a one-time payment absolute, auto-assigned', () => {
    expect(
      buildPaymentToCreate({
        accountId: 1n,
        amount: -120.5,
        currency: 'CAD',
        paymentMethodId: 7n,
        cardId: 'pm_7',
        invoice: null,
      }),
    ).toEqual({
      payment: {
        status: 'InProgress',
        type: 'Credit Card (Manual)',
        accountId: 1n,
        amount: 120.5,
        currency: 'CAD',
        description: 'One-time payment',
      },
      paymentMethodInfo: { paymentMethodId: 7n, cardId: 'pm_7', selected: true },
    });
  });

  it('assigns an invoice payment to that invoice', () => {
    const body = buildPaymentToCreate({
      accountId: 1n,
      amount: 80,
      currency: 'USD',
      paymentMethodId: 7n,
      cardId: 'pm_7',
      invoice: { invoiceNumber: 'INV-9', arId: 99n },
    });
    expect(body.payment.description).toBe('Payment for invoice #INV-9');
    expect(body.paymentAssignments).toEqual([{ arId: 99n, amount: 80 }]);
  });
});

describe('nextPaymentAttempt', () => {
  let counter = 0;
  const newKey = () => `key-${++counter}`;
  const fp = paymentFingerprint(50, 7n);

  it.each<[string, PaymentAttempt | null, string, 'reuse' | 'new']>([
    ['first submit', null, fp, 'new'],
    ['retry after a lost answer, same request', { key: 'k', fingerprint: fp, answered: false }, fp, 'reuse'],
    ['after an answer (e.g. declined)', { key: 'k', fingerprint: fp, answered: true }, fp, 'new'],
    ['different amount', { key: 'k', fingerprint: fp, answered: false }, paymentFingerprint(51, 7n), 'new'],
    ['different card', { key: 'k', fingerprint: fp, answered: false }, paymentFingerprint(50, 8n), 'new'],
  ])('%s → %s key', (_name, previous, fingerprint, expected) => {
    const next = nextPaymentAttempt(previous, fingerprint, newKey);
    if (expected === 'reuse') expect(next).toBe(previous);
    else {
      expect(next.key).not.toBe(previous?.key);
      expect(next).toEqual({ key: next.key, fingerprint, answered: false });
    }
  });

  it('fingerprints amounts exactly', () => {
    expect(paymentFingerprint(0.3, 1n)).toBe('30:1');
    expect(paymentFingerprint(1234.5, 9007199254740993n)).toBe('123450:9007199254740993');
  });
});
