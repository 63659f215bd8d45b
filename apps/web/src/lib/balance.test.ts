import { balanceViews } from './balance';

const bal = (amount: number, code: 'USD' | 'CAD' = 'CAD') => ({ amount, currency: { code } });

describe('balanceViews (spec §4 "Balance")', () => {
  it.each([
    [
      'owing: red with the due date',
      [bal(-120.5)],
      '2025-05-30',
      [{ currency: 'CAD', amount: -120.5, status: 'owing', tone: 'danger', dueDate: '2025-05-30', overdue: false }],
    ],
    [
      'owing without a known due date',
      [bal(-1)],
      null,
      [{ currency: 'CAD', amount: -1, status: 'owing', tone: 'danger', dueDate: null, overdue: false }],
    ],
    [
      'zero: green, no due line',
      [bal(0)],
      '2025-05-30',
      [{ currency: 'CAD', amount: 0, status: 'clear', tone: 'success', dueDate: null, overdue: false }],
    ],
    [
      'credit: green',
      [bal(25)],
      '2025-05-30',
      [{ currency: 'CAD', amount: 25, status: 'credit', tone: 'success', dueDate: null, overdue: false }],
    ],
    [
      'no balances: zero in the account currency',
      [],
      null,
      [{ currency: 'CAD', amount: 0, status: 'clear', tone: 'success', dueDate: null, overdue: false }],
    ],
  ] as const)('%s', (_name, balances, due, expected) => {
    expect(balanceViews([...balances], due, '2025-05-30', 'CAD')).toEqual(expected);
  });

  it.each([
    ['2025-05-29', false],
    ['2025-05-30', false],
    ['2025-05-31', true],
  ])('due 2025-05-30, today %s: overdue %s', (today, overdue) => {
    expect(balanceViews([bal(-10)], '2025-05-30', today, 'CAD')[0]!.overdue).toBe(overdue);
  });

  it('gives one view per currency', () => {
    expect(balanceViews([bal(-5, 'CAD'), bal(3, 'USD')], '2025-01-01', '2025-01-01').map((v) => [v.currency, v.status])).toEqual([
      ['CAD', 'owing'],
      ['USD', 'credit'],
    ]);
  });
});
