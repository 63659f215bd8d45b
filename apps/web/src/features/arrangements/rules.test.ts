import { describe, expect, it } from 'vitest';
import type { Arrangement, ArrangementOptions, HomeModel } from '@portal/contract';
import { hasInstalmentErrors, homeWithArrangement, instalmentErrors, nextInstalment, suggestedInstalments } from './rules';

const options: ArrangementOptions = {
  eligible: true,
  reason: null,
  amount: 100.01,
  currency: 'CAD',
  today: '2026-12-04',
  maxInstalments: 2,
  firstInstalment: { from: '2026-12-04', to: '2026-12-09', minimumAmount: 50.01 },
  restWithinDays: 15,
};

describe('suggestedInstalments', () => {
  it('proposes the least first instalment on its last day and the rest as late as allowed', () => {
    expect(suggestedInstalments(options)).toEqual([
      { date: '2026-12-09', amount: '50.01' },
      { date: '2026-12-24', amount: '50.00' },
    ]);
  });
  it('proposes one instalment when the policy allows only one', () => {
    expect(suggestedInstalments({ ...options, maxInstalments: 1 })).toEqual([{ date: '2026-12-09', amount: '100.01' }]);
  });
});

describe('instalmentErrors', () => {
  it.each([
    ['the suggestion', [{ date: '2026-12-09', amount: '50.01' }, { date: '2026-12-24', amount: '50.00' }], [null, null], null],
    ['an amount not typed', [{ date: '2026-12-09', amount: '' }, { date: '2026-12-24', amount: '50.00' }], ['amountInvalid', null], null],
    ['a date not chosen', [{ date: '', amount: '50.01' }, { date: '2026-12-24', amount: '50.00' }], ['dateInvalid', null], null],
    ['a total short of the amount', [{ date: '2026-12-09', amount: '50.01' }, { date: '2026-12-24', amount: '40.00' }], [null, null], 100.01],
    ['a first date too late', [{ date: '2026-12-10', amount: '50.01' }, { date: '2026-12-24', amount: '50.00' }], ['firstDate', null], null],
    ['a first amount too small', [{ date: '2026-12-09', amount: '40.01' }, { date: '2026-12-24', amount: '60.00' }], ['firstAmount', null], null],
    ['a second date too late', [{ date: '2026-12-09', amount: '50.01' }, { date: '2026-12-25', amount: '50.00' }], [null, 'laterDate'], null],
    ['a second date before the first', [{ date: '2026-12-09', amount: '50.01' }, { date: '2026-12-08', amount: '50.00' }], [null, 'order'], null],
  ])('%s', (_name, rows, keys, sum) => {
    const errors = instalmentErrors(rows, options);
    expect(errors.rows.map((e) => e?.key ?? null)).toEqual(keys);
    expect(errors.sum).toBe(sum);
    expect(hasInstalmentErrors(errors)).toBe(keys.some((k) => k !== null) || sum !== null);
  });
});

const arrangement = (over: Partial<Arrangement> = {}): Arrangement => ({
  id: 1n,
  accountId: 2n,
  status: 'Active',
  amount: 100,
  currency: 'CAD',
  paid: 60,
  paymentMethodId: null,
  instalments: [
    { date: '2026-12-06', amount: 60, state: 'Paid', paymentId: null },
    { date: '2026-12-18', amount: 40, state: 'Upcoming', paymentId: null },
  ],
  createdAt: '2026-12-04T12:00:00Z',
  byStaff: false,
  closedAt: null,
  ...over,
});

const home = (overdue: number): HomeModel => ({
  balances: [{ amount: -140, currency: { code: 'CAD' } }],
  recentPayments: [],
  paymentDueDate: '2026-11-21',
  overdue: overdue > 0 ? [{ amount: overdue, currency: { code: 'CAD' }, since: '2026-11-21' }] : [],
});

describe('the dashboard’s overdue with an arrangement', () => {
  it('leaves out what an active arrangement covers, and shows its next instalment as the payment due', () => {
    expect(homeWithArrangement(home(40), arrangement())).toMatchObject({ overdue: [], paymentDueDate: '2026-12-18' });
  });
  it('shows what it does not cover', () => {
    expect(homeWithArrangement(home(55), arrangement())).toMatchObject({ overdue: [{ amount: 15 }], paymentDueDate: '2026-11-21' });
  });
  it.each(['Broken', 'Cancelled', 'Kept'] as const)('shows everything overdue once it is %s', (status) => {
    expect(homeWithArrangement(home(40), arrangement({ status }))).toEqual(home(40));
  });
  it('has no next instalment unless active', () => {
    expect(nextInstalment(arrangement())?.date).toBe('2026-12-18');
    expect(nextInstalment(arrangement({ status: 'Broken' }))).toBeNull();
  });
});
