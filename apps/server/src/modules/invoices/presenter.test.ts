import { describe, expect, it } from 'vitest';
import { addressLine1, billToName, money, presentBalanceForward, presentInvoiceListItem, summarizeCharges } from './presenter';
import type { ChargeGroupRow, InvoiceRow } from './repository';

const invoice: InvoiceRow = {
  id: 9007199254740993n,
  accountId: 7n,
  invoiceNumber: 'INV-1',
  state: 'Posted',
  startDate: '2025-01-01',
  endDate: '2025-01-31',
  dueDate: '2025-02-21',
  postedDate: new Date('2025-02-01T00:00:00Z'),
  amount: '100.10',
  currency: 'CAD',
};

describe('money', () => {
  it.each([
    ['0', 0],
    ['100.00', 100],
    ['0.10', 0.1],
    ['-12.34', -12.34],
    ['9999999999.99', 9999999999.99],
  ])('reads %s exactly', (text, amount) => {
    expect(money(text)).toBe(amount);
  });

  it('refuses text that is not a 2-decimal amount', () => {
    expect(() => money('1.234')).toThrow(RangeError);
  });
});

describe('summarizeCharges', () => {
  const line = (category: ChargeGroupRow['category'], amount: string): ChargeGroupRow => ({
    category,
    description: category,
    amount,
  });

  it.each([
    [[], { subtotal: 0, taxes: 0, total: 0 }],
    [[line('Plan', '0.10'), line('Usage', '0.20')], { subtotal: 0.3, taxes: 0, total: 0.3 }],
    [
      [line('Plan', '100.00'), line('Adjustment', '-15.50'), line('Tax', '11.06')],
      { subtotal: 84.5, taxes: 11.06, total: 95.56 },
    ],
    [[line('Tax', '1.01'), line('Tax', '2.02')], { subtotal: 0, taxes: 3.03, total: 3.03 }],
  ])('sums %j exactly', (lines, totals) => {
    expect(summarizeCharges(lines)).toMatchObject(totals);
  });
});

describe('bill-to rules', () => {
  it.each([
    ['12', 'Main St', '12 Main St'],
    [null, 'Main St', 'Main St'],
    ['12', null, '12'],
    [' ', ' Main St ', 'Main St'],
    [null, null, ''],
  ])('address line 1 of %j %j is %j', (streetNumber, streetName, line) => {
    expect(addressLine1(streetNumber, streetName)).toBe(line);
  });

  it.each([
    [{ name: 'Account', invoiceName: 'On the bill' }, 'On the bill'],
    [{ name: 'Account', invoiceName: null }, 'Account'],
    [{ name: 'Account', invoiceName: '  ' }, 'Account'],
  ])('prints %j as %j', (row, name) => {
    expect(billToName(row)).toBe(name);
  });
});

describe('presentBalanceForward', () => {
  it.each([
    [
      { invoicedBefore: '0', paidBeforePrevious: '0', paymentsSincePrevious: '0', creditsSincePrevious: '0' },
      { previousBalance: 0, paymentsReceived: 0, creditsAndAdjustments: 0, balanceForward: 0, newCharges: 100.1, amountDue: 100.1 },
    ],
    [
      { invoicedBefore: '200.00', paidBeforePrevious: '100.00', paymentsSincePrevious: '100.00', creditsSincePrevious: '0' },
      { previousBalance: 100, paymentsReceived: 100, creditsAndAdjustments: 0, balanceForward: 0, newCharges: 100.1, amountDue: 100.1 },
    ],
    [
      { invoicedBefore: '50.00', paidBeforePrevious: '0', paymentsSincePrevious: '60.00', creditsSincePrevious: '20.00' },
      { previousBalance: 50, paymentsReceived: 60, creditsAndAdjustments: 20, balanceForward: -30, newCharges: 100.1, amountDue: 70.1 },
    ],
    [
      { invoicedBefore: '0.10', paidBeforePrevious: '0', paymentsSincePrevious: '200.30', creditsSincePrevious: '0' },
      { previousBalance: 0.1, paymentsReceived: 200.3, creditsAndAdjustments: 0, balanceForward: -200.2, newCharges: 100.1, amountDue: -100.1 },
    ],
  ])('carries %j forward', (sums, expected) => {
    expect(presentBalanceForward(invoice, sums, 10)).toEqual({ invoiceId: invoice.id, currency: 'CAD', charges: 90.1, taxes: 10, ...expected });
  });
});

describe('presentInvoiceListItem', () => {
  it('maps the row and leaves the state out', () => {
    const item = presentInvoiceListItem({ ...invoice, owing: '0.10', credited: '8.00' }, { name: 'PDF', url: '/x' });
    expect(item).toEqual({
      id: invoice.id,
      accountId: 7n,
      invoiceNumber: 'INV-1',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      dueDate: '2025-02-21',
      postedDate: '2025-02-01T00:00:00.000Z',
      amount: 100.1,
      currency: 'CAD',
      owing: 0.1,
      credited: 8,
      s3UrlDetails: { urls: [{ name: 'PDF', url: '/x' }] },
    });
  });
});
