import { describe, expect, it } from 'vitest';
import { autopayPreview, autopayTakes, monthlyRunDay, type AutopayPreviewInput } from './autopay-preview';

const invoice = (dueDate: string, open: bigint, tried = false) => ({ dueDate, openMinor: open, tried });
// Two invoices overdue (50.00 and 25.00 = 75.00) and the next bill (40.00) due on Dec 20.
const overdueAccount = [invoice('2026-10-15', 5000n), invoice('2026-11-15', 2500n), invoice('2026-12-20', 4000n)];
const base: AutopayPreviewInput = {
  frequency: 'dueDate',
  amountType: 'full',
  fixedAmountMinor: null,
  includeOverdue: true,
  today: '2026-12-01',
  openInvoices: overdueAccount,
  chargedThisMonth: false,
};

describe('autopayPreview', () => {
  it.each<[string, Partial<AutopayPreviewInput>, ReturnType<typeof autopayPreview>]>([
    [
      'due date, overdue included: both overdue invoices today',
      {},
      { first: { amountMinor: 7500n, date: '2026-12-01', invoiceCount: 2, overdueCount: 2 }, overdue: { amountMinor: 7500n, count: 2 }, overdueLeftOut: false },
    ],
    [
      'due date, overdue left out: the next bill on its due date',
      { includeOverdue: false },
      { first: { amountMinor: 4000n, date: '2026-12-20', invoiceCount: 1, overdueCount: 0 }, overdue: { amountMinor: 7500n, count: 2 }, overdueLeftOut: true },
    ],
    [
      'due date, fixed amount below what is overdue',
      { amountType: 'fixed', fixedAmountMinor: 3000n },
      { first: { amountMinor: 3000n, date: '2026-12-01', invoiceCount: 2, overdueCount: 2 }, overdue: { amountMinor: 7500n, count: 2 }, overdueLeftOut: false },
    ],
    [
      'due date, nothing overdue: the next bill',
      { openInvoices: [invoice('2026-12-20', 4000n)] },
      { first: { amountMinor: 4000n, date: '2026-12-20', invoiceCount: 1, overdueCount: 0 }, overdue: null, overdueLeftOut: false },
    ],
    [
      'due date, a bill due today is not overdue and is charged today',
      { includeOverdue: false, openInvoices: [invoice('2026-12-01', 1200n)] },
      { first: { amountMinor: 1200n, date: '2026-12-01', invoiceCount: 1, overdueCount: 0 }, overdue: null, overdueLeftOut: false },
    ],
    [
      'due date, overdue already tried: waits for the next bill, which takes the overdue amount with it',
      { openInvoices: [invoice('2026-11-15', 2500n, true), invoice('2026-12-20', 4000n)] },
      { first: { amountMinor: 6500n, date: '2026-12-20', invoiceCount: 2, overdueCount: 1 }, overdue: { amountMinor: 2500n, count: 1 }, overdueLeftOut: false },
    ],
    ['due date, nothing open', { openInvoices: [] }, { first: null, overdue: null, overdueLeftOut: false }],
    [
      'monthly before the 15th: the whole balance on the 15th',
      { frequency: 'monthly' },
      { first: { amountMinor: 11500n, date: '2026-12-15', invoiceCount: 3, overdueCount: 2 }, overdue: { amountMinor: 7500n, count: 2 }, overdueLeftOut: false },
    ],
    [
      'monthly after the 15th, not charged this month: today',
      { frequency: 'monthly', today: '2026-12-16', openInvoices: [invoice('2026-12-10', 4000n)] },
      { first: { amountMinor: 4000n, date: '2026-12-16', invoiceCount: 1, overdueCount: 1 }, overdue: { amountMinor: 4000n, count: 1 }, overdueLeftOut: false },
    ],
    [
      'monthly, overdue left out: only bills due from today',
      { frequency: 'monthly', includeOverdue: false },
      { first: { amountMinor: 4000n, date: '2026-12-15', invoiceCount: 1, overdueCount: 0 }, overdue: { amountMinor: 7500n, count: 2 }, overdueLeftOut: true },
    ],
    [
      'monthly, only overdue open and left out: nothing to charge',
      { frequency: 'monthly', includeOverdue: false, openInvoices: [invoice('2026-11-15', 2500n)] },
      { first: null, overdue: { amountMinor: 2500n, count: 1 }, overdueLeftOut: true },
    ],
  ])('%s', (_name, change, expected) => {
    expect(autopayPreview({ ...base, ...change })).toEqual(expected);
  });
});

describe('autopayTakes', () => {
  it.each<[string, 'dueDate' | 'monthly', string, string | null, boolean]>([
    ['2026-11-15', 'dueDate', '2026-12-01', null, true],
    ['2026-12-20', 'dueDate', '2026-12-01', null, false],
    ['2026-12-20', 'monthly', '2026-12-15', null, true],
    ['2026-11-15', 'dueDate', '2026-12-01', '2026-12-01', false],
    ['2026-12-01', 'dueDate', '2026-12-01', '2026-12-01', true],
    ['2026-11-15', 'monthly', '2026-12-15', '2026-12-01', false],
  ])('an invoice due %s, %s, on %s, charged from %s: %s', (dueDate, frequency, day, chargeFrom, expected) => {
    expect(autopayTakes({ dueDate }, frequency, day, chargeFrom)).toBe(expected);
  });
});

describe('monthlyRunDay', () => {
  it.each([
    ['2026-12-01', false, '2026-12-15'],
    ['2026-12-15', false, '2026-12-15'],
    ['2026-12-20', true, '2027-01-15'],
    ['2026-11-20', true, '2026-12-15'],
  ] as const)('on %s (charged this month: %s): %s', (today, charged, expected) => {
    expect(monthlyRunDay(today, charged)).toBe(expected);
  });
});
