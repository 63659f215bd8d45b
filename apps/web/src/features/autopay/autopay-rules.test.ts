import type { AutopaySchedule, AutopayScheduleResponse, PaymentMethodEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  autopayFormDefaults,
  buildAutopaySchedule,
  formPreview,
  isAutopayOn,
  validateAutopayForm,
  type AutopayForm,
  type AutopayValidation,
} from './autopay-rules';

const TODAY = new Date(Date.UTC(2025, 5, 15, 12));

const entry = (id: bigint, expYear: number, isDefault = false): PaymentMethodEntry => ({
  paymentMethod: { id, default: isDefault, lastChargeFailed: false, type: 'card' },
  card: { id: `pm_${id}`, brand: 'Visa', last4: '4242', expiry: `12/${expYear % 100}`, expMonth: 12, expYear },
  bankAccount: null,
});

describe('isAutopayOn', () => {
  it.each([
    ['Credit Card', true],
    ['Credit Card (Manual)', false],
    [null, false],
    [undefined, false],
  ] as const)('%s → %s', (method, on) => {
    expect(isAutopayOn(method)).toBe(on);
  });
});

describe('autopayFormDefaults', () => {
  const saved: AutopaySchedule = {
    accountId: 1n,
    paymentMethodId: 2n,
    frequency: 'monthly',
    amountType: 'fixed',
    fixedAmount: 45.5,
    includeOverdue: false,
  };

  it.each<[string, PaymentMethodEntry[], AutopaySchedule | null, AutopayForm]>([
    [
      'spec defaults with the default card',
      [entry(1n, 2030), entry(2n, 2030, true)],
      null,
      { frequency: 'dueDate', amountType: 'full', fixedAmountText: '100', paymentMethodId: 2n, includeOverdue: true },
    ],
    [
      'first card when none is default',
      [entry(1n, 2030), entry(2n, 2031)],
      null,
      { frequency: 'dueDate', amountType: 'full', fixedAmountText: '100', paymentMethodId: 1n, includeOverdue: true },
    ],
    [
      'expired cards are never chosen',
      [entry(1n, 2020, true), entry(2n, 2031)],
      null,
      { frequency: 'dueDate', amountType: 'full', fixedAmountText: '100', paymentMethodId: 2n, includeOverdue: true },
    ],
    [
      'no usable card',
      [entry(1n, 2020)],
      null,
      { frequency: 'dueDate', amountType: 'full', fixedAmountText: '100', paymentMethodId: null, includeOverdue: true },
    ],
    [
      'the saved schedule',
      [entry(1n, 2030, true), entry(2n, 2030)],
      saved,
      { frequency: 'monthly', amountType: 'fixed', fixedAmountText: '45.5', paymentMethodId: 2n, includeOverdue: false },
    ],
    [
      'the saved schedule whose card has expired → the preferred card',
      [entry(1n, 2030, true), entry(2n, 2020)],
      saved,
      { frequency: 'monthly', amountType: 'fixed', fixedAmountText: '45.5', paymentMethodId: 1n, includeOverdue: false },
    ],
    [
      'a saved full-balance schedule keeps the default fixed amount',
      [entry(2n, 2030)],
      { ...saved, amountType: 'full', fixedAmount: null },
      { frequency: 'monthly', amountType: 'full', fixedAmountText: '100', paymentMethodId: 2n, includeOverdue: false },
    ],
  ])('%s', (_name, cards, schedule, expected) => {
    expect(autopayFormDefaults(cards, TODAY, schedule)).toEqual(expected);
  });
});

const form = (overrides: Partial<AutopayForm> = {}): AutopayForm => ({
  frequency: 'dueDate',
  amountType: 'full',
  fixedAmountText: '100',
  paymentMethodId: 3n,
  includeOverdue: true,
  ...overrides,
});

describe('validateAutopayForm', () => {
  it.each<[string, AutopayForm, AutopayValidation]>([
    ['defaults are valid', form(), { error: null, amountInvalid: false }],
    ['no card', form({ paymentMethodId: null }), { error: 'selectMethod', amountInvalid: false }],
    ['fixed 100', form({ amountType: 'fixed' }), { error: null, amountInvalid: false }],
    ['fixed 0', form({ amountType: 'fixed', fixedAmountText: '0' }), { error: 'amount', amountInvalid: true }],
    ['fixed negative', form({ amountType: 'fixed', fixedAmountText: '-10' }), { error: 'amount', amountInvalid: true }],
    [
      'fixed non-numeric counts as 0',
      form({ amountType: 'fixed', fixedAmountText: 'abc' }),
      { error: 'amount', amountInvalid: true },
    ],
    ['fixed empty', form({ amountType: 'fixed', fixedAmountText: '' }), { error: 'amount', amountInvalid: true }],
    ['full balance ignores a bad fixed amount', form({ fixedAmountText: 'abc' }), { error: null, amountInvalid: false }],
    [
      'no card and a bad amount: the card message, amount marked inline',
      form({ paymentMethodId: null, amountType: 'fixed', fixedAmountText: '0' }),
      { error: 'selectMethod', amountInvalid: true },
    ],
  ])('%s', (_name, input, expected) => {
    expect(validateAutopayForm(input)).toEqual(expected);
  });
});

describe('buildAutopaySchedule', () => {
  it.each<[string, AutopayForm, AutopaySchedule | null]>([
    [
      'full balance on due date',
      form(),
      { accountId: 1n, paymentMethodId: 3n, frequency: 'dueDate', amountType: 'full', fixedAmount: null, includeOverdue: true },
    ],
    [
      'overdue left out',
      form({ includeOverdue: false }),
      { accountId: 1n, paymentMethodId: 3n, frequency: 'dueDate', amountType: 'full', fixedAmount: null, includeOverdue: false },
    ],
    [
      'fixed monthly',
      form({ frequency: 'monthly', amountType: 'fixed', fixedAmountText: ' 75.25 ' }),
      { accountId: 1n, paymentMethodId: 3n, frequency: 'monthly', amountType: 'fixed', fixedAmount: 75.25, includeOverdue: true },
    ],
    ['invalid form', form({ amountType: 'fixed', fixedAmountText: '0' }), null],
    ['no card', form({ paymentMethodId: null }), null],
  ])('%s', (_name, input, expected) => {
    expect(buildAutopaySchedule(1n, input)).toEqual(expected);
  });
});

describe('formPreview', () => {
  // Two overdue invoices (50.00 and 25.00) and the next bill (40.00) due Dec 20.
  const inputs: AutopayScheduleResponse['preview'] = {
    today: '2026-12-01',
    chargedThisMonth: false,
    openInvoices: [
      { dueDate: '2026-10-15', amount: 50, tried: false },
      { dueDate: '2026-11-15', amount: 25, tried: false },
      { dueDate: '2026-12-20', amount: 40, tried: false },
    ],
  };
  it.each<[string, Partial<AutopayForm>, ReturnType<typeof formPreview>]>([
    [
      'overdue included: 75.00 for 2 overdue invoices today',
      {},
      { first: { amountMinor: 7500n, date: '2026-12-01', invoiceCount: 2, overdueCount: 2 }, overdue: { amountMinor: 7500n, count: 2 }, overdueLeftOut: false },
    ],
    [
      'overdue left out: 40.00 on Dec 20',
      { includeOverdue: false },
      { first: { amountMinor: 4000n, date: '2026-12-20', invoiceCount: 1, overdueCount: 0 }, overdue: { amountMinor: 7500n, count: 2 }, overdueLeftOut: true },
    ],
    [
      'a fixed amount as typed',
      { amountType: 'fixed', fixedAmountText: '30' },
      { first: { amountMinor: 3000n, date: '2026-12-01', invoiceCount: 2, overdueCount: 2 }, overdue: { amountMinor: 7500n, count: 2 }, overdueLeftOut: false },
    ],
    ['an invalid fixed amount: no preview', { amountType: 'fixed', fixedAmountText: '0' }, null],
    ['no card: no preview', { paymentMethodId: null }, null],
  ])('%s', (_name, change, expected) => {
    expect(formPreview(form(change), inputs)).toEqual(expected);
  });
});
