import { describe, expect, it } from 'vitest';
import { startOfDayIn } from '@portal/contract';
import { periodOf, statementBalances, statementLines, type StatementEntry } from './statement-rules';

describe('startOfDayIn', () => {
  it.each([
    ['UTC', '2025-01-01', '2025-01-01T00:00:00.000Z'],
    ['America/Toronto', '2025-01-01', '2025-01-01T05:00:00.000Z'],
    ['America/Toronto', '2025-07-01', '2025-07-01T04:00:00.000Z'],
    // The days daylight saving time starts and ends (the change is at 2:00, after midnight).
    ['America/Toronto', '2025-03-09', '2025-03-09T05:00:00.000Z'],
    ['America/Toronto', '2025-03-10', '2025-03-10T04:00:00.000Z'],
    ['America/Toronto', '2025-11-02', '2025-11-02T04:00:00.000Z'],
    ['America/Toronto', '2025-11-03', '2025-11-03T05:00:00.000Z'],
    ['America/St_Johns', '2025-01-01', '2025-01-01T03:30:00.000Z'],
    ['America/Vancouver', '2024-02-29', '2024-02-29T08:00:00.000Z'],
    ['Europe/Paris', '2025-06-15', '2025-06-14T22:00:00.000Z'],
  ])('in %s, %s begins at %s', (zone, day, instant) => {
    expect(startOfDayIn(zone, day).toISOString()).toBe(instant);
  });
});

describe('periodOf', () => {
  const jan = { issuedFrom: '2025-01-01T00:00:00.000Z', issuedUntil: '2025-02-01T00:00:00.000Z' };
  it.each([
    ['2025-01-01', '2025-01-31', 'UTC', { from: '2025-01-01T00:00:00.000Z', until: '2025-02-01T00:00:00.000Z', ...jan }],
    [
      '2025-01-01',
      '2025-01-31',
      'America/Toronto',
      { from: '2025-01-01T05:00:00.000Z', until: '2025-02-01T05:00:00.000Z', ...jan },
    ],
    [
      '2024-12-31',
      '2024-12-31',
      'America/Halifax',
      {
        from: '2024-12-31T04:00:00.000Z',
        until: '2025-01-01T04:00:00.000Z',
        issuedFrom: '2024-12-31T00:00:00.000Z',
        issuedUntil: '2025-01-01T00:00:00.000Z',
      },
    ],
    [
      '2025-03-01',
      '2025-03-31',
      'America/Toronto',
      {
        from: '2025-03-01T05:00:00.000Z',
        until: '2025-04-01T04:00:00.000Z',
        issuedFrom: '2025-03-01T00:00:00.000Z',
        issuedUntil: '2025-04-01T00:00:00.000Z',
      },
    ],
  ])('%s to %s in %s (invoices by their UTC issue days)', (start, end, zone, period) => {
    expect(periodOf(start, end, zone)).toEqual(period);
  });
});

describe('statementBalances', () => {
  it.each([
    [
      { paidBefore: '0', invoicedBefore: '0', creditedBefore: '0' },
      [],
      [],
      [],
      { opening: 0n, invoiced: 0n, paid: 0n, credited: 0n, closing: 0n },
    ],
    [
      { paidBefore: '60.00', invoicedBefore: '100.00', creditedBefore: '5.00' },
      ['80.00'],
      ['50.00', '7.00'],
      ['12.34'],
      { opening: -3500n, invoiced: 8000n, paid: 5700n, credited: 1234n, closing: -4566n },
    ],
    [
      { paidBefore: '0.10', invoicedBefore: '0.20', creditedBefore: '0.10' },
      ['0.01'],
      [],
      ['0.02'],
      { opening: 0n, invoiced: 1n, paid: 0n, credited: 2n, closing: 1n },
    ],
  ])('%j with invoices %j, payments %j, credits %j', (before, invoices, payments, credits, expected) => {
    const balances = statementBalances(before, { invoices, payments, credits });
    expect(balances).toEqual(expected);
    // What is owed: opening + invoices − payments − credits = closing.
    expect(-balances.opening + balances.invoiced - balances.paid - balances.credited).toBe(-balances.closing);
  });
});

describe('statementLines', () => {
  const at = (iso: string) => new Date(iso);
  const entry = (kind: StatementEntry['kind'], id: bigint, date: string, amount: string): StatementEntry => ({
    kind,
    id,
    date: at(date),
    amount,
  });

  it('orders by date, then invoice before payment before credit, then id, with what is owed after each', () => {
    const lines = statementLines(3500n, [
      entry('credit', 9n, '2025-01-20T15:00:00Z', '12.34'),
      entry('payment', 7n, '2025-01-15T15:00:00Z', '50.00'),
      entry('payment', 3n, '2025-01-01T05:00:00Z', '10.00'),
      entry('invoice', 4n, '2025-01-01T05:00:00Z', '80.00'),
      entry('payment', 2n, '2025-01-15T15:00:00Z', '1.00'),
    ]);
    expect(lines.map((l) => [l.entry.kind, l.entry.id, l.charge, l.credit, l.owing])).toEqual([
      ['invoice', 4n, 8000n, 0n, 11500n],
      ['payment', 3n, 0n, 1000n, 10500n],
      ['payment', 2n, 0n, 100n, 10400n],
      ['payment', 7n, 0n, 5000n, 5400n],
      ['credit', 9n, 0n, 1234n, 4166n],
    ]);
  });

  it('has no lines for a quiet period, and can end in credit', () => {
    expect(statementLines(0n, [])).toEqual([]);
    expect(statementLines(100n, [entry('credit', 1n, '2025-01-02T00:00:00Z', '2.00')]).at(-1)!.owing).toBe(-100n);
  });
});
