import type { InvoiceCredit, InvoiceDetails, InvoicePayment } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  canPayInvoice,
  hasSettlingPayment,
  invoiceSummaryAmounts,
  invoiceListFilter,
  isAmountDueOverdue,
  listStateParams,
  pageCount,
  pageSkip,
  parseInvoiceId,
  paymentDescription,
  periodStartDate,
  readListState,
  sortInvoiceCredits,
  sortInvoicePayments,
  type InvoiceListState,
  type InvoicePeriod,
} from './rules';

// Local noon, so the calendar day is the same in every time zone the tests run in.
const NOW = new Date(2025, 4, 31, 12, 0, 0); // 31 May 2025

describe('periodStartDate', () => {
  it.each<[InvoicePeriod, string | null]>([
    ['all', null],
    ['3m', '2025-02-28'], // date-fns clamps 31 Feb to the month's last day
    ['6m', '2024-11-30'],
    ['1y', '2024-05-31'],
  ])('%s → %s', (period, expected) => {
    expect(periodStartDate(period, NOW)).toBe(expected);
  });
});

describe('invoiceListFilter', () => {
  it.each<[string, { period: InvoicePeriod; search: string }, string]>([
    ['all time, no search', { period: 'all', search: '' }, 'AccountId==42 && State=="Posted"'],
    ['blank search is no search', { period: 'all', search: '   ' }, 'AccountId==42 && State=="Posted"'],
    ['last 3 months', { period: '3m', search: '' }, 'AccountId==42 && State=="Posted" && EndDate>=2025-02-28'],
    ['last year', { period: '1y', search: '' }, 'AccountId==42 && State=="Posted" && EndDate>=2024-05-31'],
    [
      'search is trimmed and quoted',
      { period: 'all', search: '  INV-001 ' },
      'AccountId==42 && State=="Posted" && InvoiceNumber.contains("INV-001")',
    ],
    [
      'period and search together',
      { period: '6m', search: '12' },
      'AccountId==42 && State=="Posted" && EndDate>=2024-11-30 && InvoiceNumber.contains("12")',
    ],
    [
      'quotes and backslashes cannot break out',
      { period: 'all', search: 'a") || (State=="Draft\\' },
      'AccountId==42 && State=="Posted" && InvoiceNumber.contains("a\\") || (State==\\"Draft\\\\")',
    ],
  ])('%s', (_name, input, expected) => {
    expect(invoiceListFilter({ accountId: 42n, now: NOW, ...input })).toBe(expected);
  });

  it('writes ids beyond 2^53 exactly', () => {
    expect(invoiceListFilter({ accountId: 9007199254740993n, period: 'all', search: '', now: NOW })).toBe(
      'AccountId==9007199254740993 && State=="Posted"',
    );
  });
});

describe('pageCount / pageSkip', () => {
  it.each([
    [0, 1],
    [1, 1],
    [10, 1],
    [11, 2],
    [31, 4],
    [-5, 1],
  ])('%i invoices → %i pages', (count, pages) => {
    expect(pageCount(count)).toBe(pages);
  });

  it.each([
    [1, 0],
    [2, 10],
    [4, 30],
    [0, 0],
  ])('page %i skips %i', (page, skip) => {
    expect(pageSkip(page)).toBe(skip);
  });
});

describe('readListState / listStateParams', () => {
  it.each<[string, string, InvoiceListState]>([
    ['empty', '', { period: 'all', search: '', page: 1 }],
    ['everything', 'period=6m&q=INV&page=3', { period: '6m', search: 'INV', page: 3 }],
    ['unknown period', 'period=2y', { period: 'all', search: '', page: 1 }],
    ['page zero', 'page=0', { period: 'all', search: '', page: 1 }],
    ['page not a number', 'page=abc', { period: 'all', search: '', page: 1 }],
    ['fractional page', 'page=2.5', { period: 'all', search: '', page: 1 }],
  ])('reads %s', (_name, query, expected) => {
    expect(readListState(new URLSearchParams(query))).toEqual(expected);
  });

  it.each<[InvoiceListState, string]>([
    [{ period: 'all', search: '', page: 1 }, ''],
    [{ period: '3m', search: '', page: 1 }, 'period=3m'],
    [{ period: 'all', search: ' 42 ', page: 2 }, 'q=42&page=2'],
    [{ period: '1y', search: 'a b', page: 5 }, 'period=1y&q=a+b&page=5'],
  ])('writes %o as "%s"', (state, expected) => {
    expect(listStateParams(state).toString()).toBe(expected);
  });

  it('round-trips', () => {
    const state: InvoiceListState = { period: '6m', search: 'x"y', page: 7 };
    expect(readListState(listStateParams(state))).toEqual(state);
  });
});

describe('invoice status and paying', () => {
  it.each([
    [100, true, true],
    [0.01, true, true],
    [0, false, false],
    // A credit (owing below zero) is not owed, but can be paid out to zero.
    [-5, true, false],
  ] as const)('owing %d: payable %s, red %s', (owing, payable, red) => {
    expect(canPayInvoice(owing)).toBe(payable);
    expect(isAmountDueOverdue(owing)).toBe(red);
  });
});

const payment = (id: bigint, date: string, status = 'Successful'): InvoicePayment => ({
  payment: { id, date, description: null, currency: 'CAD', status },
  paymentAssignment: { id: id * 10n, amount: 10 },
});

describe('sortInvoicePayments', () => {
  it.each<[string, InvoicePayment[], bigint[]]>([
    ['empty', [], []],
    [
      'newest date first',
      [payment(1n, '2025-01-01T10:00:00Z'), payment(2n, '2025-03-01T10:00:00Z'), payment(3n, '2025-02-01T10:00:00Z')],
      [2n, 3n, 1n],
    ],
    [
      'same date: higher id first',
      [payment(5n, '2025-01-01T10:00:00Z'), payment(9n, '2025-01-01T10:00:00Z'), payment(7n, '2025-01-01T10:00:00Z')],
      [9n, 7n, 5n],
    ],
    [
      'ids beyond 2^53 compare exactly',
      [payment(9007199254740992n, '2025-01-01T10:00:00Z'), payment(9007199254740993n, '2025-01-01T10:00:00Z')],
      [9007199254740993n, 9007199254740992n],
    ],
    [
      'offsets are compared as instants',
      [payment(1n, '2025-01-01T10:00:00+02:00'), payment(2n, '2025-01-01T09:00:00Z')],
      [2n, 1n],
    ],
  ])('%s', (_name, input, expectedIds) => {
    const copy = [...input];
    expect(sortInvoicePayments(input).map((p) => p.payment.id)).toEqual(expectedIds);
    expect(input).toEqual(copy); // not sorted in place
  });
});

describe('paymentDescription', () => {
  it.each([
    [null, 'Payment'],
    ['', 'Payment'],
    ['  ', 'Payment'],
    ['Autopay', 'Autopay'],
  ])('%s → %s', (description, expected) => {
    expect(paymentDescription(description, 'Payment')).toBe(expected);
  });
});

describe('hasSettlingPayment', () => {
  it.each([
    [[], false],
    [[payment(1n, '2025-01-01T00:00:00Z')], false],
    [[payment(1n, '2025-01-01T00:00:00Z', 'Error'), payment(2n, '2025-01-02T00:00:00Z', 'InProgress')], true],
  ])('%#', (payments, expected) => {
    expect(hasSettlingPayment(payments)).toBe(expected);
  });
});

describe('parseInvoiceId', () => {
  it.each([
    ['42', 42n],
    ['9007199254740993', 9007199254740993n],
    ['9223372036854775807', 9223372036854775807n],
    ['9223372036854775808', null],
    ['abc', null],
    ['-1', null],
    ['1.5', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (value, expected) => {
    expect(parseInvoiceId(value)).toBe(expected);
  });
});

const credit = (id: bigint, date: string, amount: number): InvoiceCredit => ({
  id,
  date,
  amount,
  currency: 'CAD',
  line: 'Long distance',
  disputeId: id + 100n,
  reason: 'WrongAmount',
});

describe('invoiceSummaryAmounts: total − payments − credits = amount due', () => {
  const paid = (amount: number, status = 'Successful'): InvoicePayment => ({
    payment: { id: 1n, date: '2025-05-02T00:00:00Z', description: null, currency: 'CAD', status },
    paymentAssignment: { id: 2n, amount },
  });
  const details = (amount: number, payments: InvoicePayment[], credits: InvoiceCredit[]) =>
    ({ invoice: { amount } as InvoiceDetails['invoice'], payments, credits }) satisfies Pick<
      InvoiceDetails,
      'invoice' | 'payments' | 'credits'
    >;
  it.each([
    [
      'a credit, no payment',
      details(124.53, [], [credit(1n, '2025-05-03T00:00:00Z', 8)]),
      { total: 124.53, payments: 0, credits: 8, amountDue: 116.53 },
    ],
    [
      'payments and credits',
      details(100, [paid(30.1), paid(20.2)], [credit(1n, '2025-05-03T00:00:00Z', 0.3)]),
      { total: 100, payments: 50.3, credits: 0.3, amountDue: 49.4 },
    ],
    [
      'a payment still settling or failed does not count',
      details(50, [paid(50, 'InProgress'), paid(10, 'Error')], []),
      { total: 50, payments: 0, credits: 0, amountDue: 50 },
    ],
    [
      'credited in full',
      details(50, [], [credit(1n, '2025-05-03T00:00:00Z', 20), credit(2n, '2025-05-04T00:00:00Z', 30)]),
      { total: 50, payments: 0, credits: 50, amountDue: 0 },
    ],
  ])('%s', (_, input, expected) => {
    expect(invoiceSummaryAmounts(input)).toEqual(expected);
  });
});

describe('sortInvoiceCredits', () => {
  it('puts the oldest first, then the lower id', () => {
    const credits = [
      credit(3n, '2025-05-04T00:00:00Z', 1),
      credit(2n, '2025-05-03T00:00:00Z', 1),
      credit(1n, '2025-05-04T00:00:00Z', 1),
    ];
    expect(sortInvoiceCredits(credits).map((c) => c.id)).toEqual([2n, 1n, 3n]);
  });
});
