import { describe, expect, it } from 'vitest';
import { CLOSED_ACCOUNT_DOCUMENT_DAYS } from '@portal/contract';
import { presentAccountName, presentStatement, withRequestedAccount } from './presenter';

const name = (accountId: bigint, closedAt: Date | null = null) => ({ accountId, listName: `A ${accountId}`, parentId: null, currency: 'CAD', closedAt });

describe('presentAccountName', () => {
  it('says when a closed account closed and until when its documents are kept', () => {
    const closedAt = new Date('2026-03-01T12:00:00.000Z');
    const until = new Date(closedAt.getTime() + CLOSED_ACCOUNT_DOCUMENT_DAYS * 86_400_000).toISOString();
    expect(presentAccountName(name(1n, closedAt))).toMatchObject({ closedAt: '2026-03-01T12:00:00.000Z', documentsUntil: until });
    expect(presentAccountName(name(2n))).toMatchObject({ closedAt: null, documentsUntil: null });
  });
});

describe('withRequestedAccount', () => {
  it.each([
    ['no account asked for', [name(1n)], undefined, [1n]],
    ['an account on the page', [name(1n), name(2n)], name(2n), [1n, 2n]],
    ['an account off the page', [name(1n)], name(9n), [1n, 9n]],
    ['an empty page', [], name(9n), [9n]],
  ])('%s', (_case, page, requested, ids) => {
    expect(withRequestedAccount(page, requested).map((r) => r.accountId)).toEqual(ids);
  });
});

describe('presentStatement', () => {
  const payment = (amount: string) => ({
    id: 1n,
    date: new Date('2025-01-02T00:00:00Z'),
    amount,
    currency: 'CAD',
    type: 'Credit Card',
    description: null,
    cardBrand: null,
    cardLast4: null,
    method: null,
    receiptNumber: 'R-0000001',
  });
  const credit = (amount: string) => ({
    id: 2n,
    date: new Date('2025-01-03T00:00:00Z'),
    invoiceId: 3n,
    invoiceNumber: 'INV-3',
    amount,
    currency: 'CAD',
    description: 'Credit',
    disputeId: null,
  });
  it.each([
    [
      { paidBefore: '0', invoicedBefore: '0', creditedBefore: '0' },
      [],
      [],
      [],
      { openingBalance: 0, totalInvoiced: 0, totalPaid: 0, totalCredited: 0, closingBalance: 0 },
    ],
    [
      { paidBefore: '100.00', invoicedBefore: '150.10', creditedBefore: '0' },
      ['80.20'],
      ['0.10', '0.20'],
      [],
      { openingBalance: -50.1, totalInvoiced: 80.2, totalPaid: 0.3, totalCredited: 0, closingBalance: -130 },
    ],
    [
      { paidBefore: '200.00', invoicedBefore: '100.00', creditedBefore: '0' },
      [],
      ['1.00'],
      [],
      { openingBalance: 100, totalInvoiced: 0, totalPaid: 1, closingBalance: 101 },
    ],
    // Credits lower what is owed like payments, before the period (opening) and within it.
    [
      { paidBefore: '0', invoicedBefore: '100.00', creditedBefore: '12.34' },
      ['50.00'],
      ['20.00'],
      ['0.01', '7.65'],
      { openingBalance: -87.66, totalInvoiced: 50, totalPaid: 20, totalCredited: 7.66, closingBalance: -110 },
    ],
  ])('balances %j', (before, invoiceAmounts, payments, credits, expected) => {
    const statement = presentStatement({
      accountId: 1n,
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      currency: 'CAD',
      before,
      invoices: [],
      invoiceAmounts,
      payments: payments.map(payment),
      credits: credits.map(credit),
    });
    expect(statement).toMatchObject(expected);
    expect(statement.credits.map((c) => c.amount)).toEqual(credits.map(Number));
  });
});
