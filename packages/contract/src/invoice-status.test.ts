import { describe, expect, it } from 'vitest';
import { invoiceStatus, invoiceSummary, issueDay, overdueByCurrency, overdueSummary, todayIn } from './invoice-status';
import { timeZoneOfAddress } from './regions';

describe('invoiceStatus', () => {
  it.each([
    ['nothing owed', 100, 0, '2026-11-20', '2026-11-24', 'Paid'],
    ['a credit', 100, -5, '2026-11-20', '2026-11-24', 'Paid'],
    ['due today', 100, 100, '2026-11-24', '2026-11-24', 'Unpaid'],
    ['due tomorrow, part paid', 100, 40.5, '2026-11-25', '2026-11-24', 'PartiallyPaid'],
    ['due yesterday', 100, 100, '2026-11-23', '2026-11-24', 'Overdue'],
    ['due yesterday, part paid', 100, 0.01, '2026-11-23', '2026-11-24', 'Overdue'],
    ['a due date-time', 100, 100, '2026-11-23T00:00:00Z', '2026-11-24', 'Overdue'],
  ] as const)('%s', (_, amount, owing, dueDate, today, state) => {
    expect(invoiceStatus({ amount, owing, dueDate }, today)).toBe(state);
  });
});

describe('invoiceStatus with credits: the status says what took the amount down', () => {
  it.each([
    ['a credit of part, nothing paid', 124.53, 116.53, 8, '2026-11-25', '2026-11-24', 'PartiallyCredited'],
    ['a credit of the whole invoice', 50, 0, 50, '2026-11-25', '2026-11-24', 'Credited'],
    ['credited in full, past due', 50, 0, 50, '2026-11-01', '2026-11-24', 'Credited'],
    ['part paid and part credited', 100, 30, 20, '2026-11-25', '2026-11-24', 'PartiallyPaid'],
    ['paid the rest after a credit', 100, 0, 20, '2026-11-25', '2026-11-24', 'Paid'],
    ['a credit, the rest overdue', 124.53, 116.53, 8, '2026-11-23', '2026-11-24', 'Overdue'],
    ['no credit, nothing paid', 100, 100, 0, '2026-11-25', '2026-11-24', 'Unpaid'],
    ['no credit, part paid', 100, 60, 0, '2026-11-25', '2026-11-24', 'PartiallyPaid'],
  ] as const)('%s', (_, amount, owing, credited, dueDate, today, state) => {
    expect(invoiceStatus({ amount, owing, credited, dueDate }, today)).toBe(state);
  });
});

describe('invoiceSummary: total − payments − credits = amount due, exactly', () => {
  it.each([
    ['a credit, no payment', 124.53, [], [8], { total: 12453n, payments: 0n, credits: 800n, amountDue: 11653n }],
    [
      'payments and credits',
      '100.00',
      ['30.10', '20.20'],
      ['0.30'],
      { total: 10000n, payments: 5030n, credits: 30n, amountDue: 4940n },
    ],
    ['nothing yet', 66.35, [], [], { total: 6635n, payments: 0n, credits: 0n, amountDue: 6635n }],
    ['credited in full', 50, [], [20, 30], { total: 5000n, payments: 0n, credits: 5000n, amountDue: 0n }],
  ] as const)('%s', (_, total, payments, credits, expected) => {
    const summary = invoiceSummary(total, payments, credits);
    expect(summary).toEqual(expected);
    expect(summary.total - summary.payments - summary.credits).toBe(summary.amountDue);
  });
});

describe('todayIn: the account’s calendar day around midnight', () => {
  it.each([
    // 04:59 UTC is 23:59 the day before in Toronto (EST, UTC−5): due on the 23rd is not yet overdue there.
    ['2026-11-24T04:59:59Z', 'America/Toronto', '2026-11-23', 'Unpaid'],
    ['2026-11-24T05:00:00Z', 'America/Toronto', '2026-11-24', 'Overdue'],
    ['2026-11-24T07:59:59Z', 'America/Vancouver', '2026-11-23', 'Unpaid'],
    ['2026-11-24T08:00:00Z', 'America/Vancouver', '2026-11-24', 'Overdue'],
    // Summer time: Toronto is UTC−4 in July.
    ['2026-07-22T03:59:59Z', 'America/Toronto', '2026-07-21', null],
    ['2026-07-22T04:00:00Z', 'America/Toronto', '2026-07-22', null],
    // East of UTC the new day comes first: it is already the 24th in Sydney at 13:00 UTC on the 23rd.
    ['2026-11-23T13:00:00Z', 'Australia/Sydney', '2026-11-24', 'Overdue'],
    ['2026-11-23T12:59:59Z', 'Australia/Sydney', '2026-11-23', 'Unpaid'],
  ] as const)('%s in %s is %s', (instant, zone, day, state) => {
    const today = todayIn(zone, new Date(instant));
    expect(today).toBe(day);
    if (state) expect(invoiceStatus({ amount: 10, owing: 10, dueDate: '2026-11-23' }, today)).toBe(state);
  });
});

describe('overdueSummary', () => {
  const invoices = [
    { amount: 50, owing: 50, dueDate: '2026-10-21' },
    { amount: 60, owing: 20.25, dueDate: '2026-09-21' },
    { amount: 70, owing: 70, dueDate: '2026-11-30' },
    { amount: 80, owing: 0, dueDate: '2026-08-21' },
  ];
  it('names the oldest unpaid due date and what is overdue', () => {
    expect(overdueSummary(invoices, '2026-11-24')).toEqual({ since: '2026-09-21', owingMinor: 7025n });
  });
  it('is null when nothing is overdue', () => {
    expect(overdueSummary(invoices, '2026-09-21')).toBeNull();
  });
});

describe("overdueByCurrency (the balance cards' amount overdue)", () => {
  const inv = (currency: 'CAD' | 'USD', amount: number, owing: number, dueDate: string) => ({ currency, amount, owing, dueDate });
  it.each([
    ['nothing owing', [], '2026-11-24', []],
    ['due today is not overdue yet', [inv('CAD', 50, 50, '2026-11-24')], '2026-11-24', []],
    ['due yesterday is overdue in full', [inv('CAD', 50, 50, '2026-11-23')], '2026-11-24', [['CAD', '2026-11-23', 5000n]]],
    [
      'only what is still owed counts; paid and future invoices do not',
      [
        inv('CAD', 60, 20.25, '2026-09-21'),
        inv('CAD', 50, 50, '2026-10-21'),
        inv('CAD', 80, 0, '2026-08-21'),
        inv('CAD', 70, 70, '2026-11-30'),
      ],
      '2026-11-24',
      [['CAD', '2026-09-21', 7025n]],
    ],
    [
      'each currency on its own, in code order',
      [
        inv('USD', 40, 40, '2026-10-01'),
        inv('CAD', 10.1, 10.1, '2026-11-01'),
        inv('CAD', 0.2, 0.2, '2026-11-20'),
        inv('USD', 5, 5, '2026-12-01'),
      ],
      '2026-11-24',
      [
        ['CAD', '2026-11-01', 1030n],
        ['USD', '2026-10-01', 4000n],
      ],
    ],
    [
      'a currency with nothing past due is left out',
      [inv('USD', 40, 40, '2026-12-01'), inv('CAD', 1, 1, '2026-01-01')],
      '2026-11-24',
      [['CAD', '2026-01-01', 100n]],
    ],
  ] as const)('%s', (_, invoices, today, expected) => {
    expect(overdueByCurrency(invoices, today).map((o) => [o.currency, o.since, o.owingMinor])).toEqual(expected);
  });

  it('turns overdue at midnight where the customer lives, not in UTC', () => {
    const invoices = [inv('CAD', 66.35, 66.35, '2026-11-23')];
    // 04:59 UTC on the 24th is still the 23rd in Toronto; 05:00 UTC is the 24th.
    expect(overdueByCurrency(invoices, todayIn('America/Toronto', new Date('2026-11-24T04:59:59Z')))).toEqual([]);
    expect(overdueByCurrency(invoices, todayIn('America/Toronto', new Date('2026-11-24T05:00:00Z')))).toEqual([
      { currency: 'CAD', since: '2026-11-23', owingMinor: 6635n },
    ]);
  });
});

describe('timeZoneOfAddress', () => {
  it.each([
    [{ country: 'CA', province: 'QC' }, 'America/Toronto'],
    [{ country: 'CA', province: 'BC' }, 'America/Vancouver'],
    [{ country: 'US', province: 'NY' }, 'America/New_York'],
    [{ country: 'FR', province: 'IDF' }, 'Europe/Paris'],
    [null, 'America/Toronto'],
  ])('%j → %s', (address, zone) => expect(timeZoneOfAddress(address)).toBe(zone));
});

describe('issueDay: the day an invoice was issued, as it prints', () => {
  it.each([
    // The billing run posts at midnight UTC on the day after the period: that day, wherever the reader is.
    ['2025-02-01T00:00:00Z', '2025-02-01'],
    ['2025-02-01T00:00:00.000Z', '2025-02-01'],
    ['2025-01-31T23:59:59Z', '2025-01-31'],
    [new Date('2025-03-01T05:00:00Z'), '2025-03-01'],
  ])('%s → %s', (posted, day) => expect(issueDay(posted)).toBe(day));
});
