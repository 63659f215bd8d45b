import { balanceViews } from './balance';

const bal = (amount: number, code: 'USD' | 'CAD' = 'CAD') => ({ amount, currency: { code } });
const late = (amount: number, since: string, code: 'USD' | 'CAD' = 'CAD') => ({ amount, currency: { code }, since });
const view = (fields: Record<string, unknown>) => ({ dueDate: null, overdue: false, overdueAmount: null, ...fields });

describe('balanceViews', () => {
  it.each([
    [
      'owing, nothing past due: red with the due date',
      [bal(-120.5)],
      '2025-05-30',
      [],
      [view({ currency: 'CAD', amount: -120.5, status: 'owing', tone: 'danger', dueDate: '2025-05-30' })],
    ],
    [
      'owing and past due: overdue since the oldest due date, with the amount overdue',
      [bal(-120.5)],
      '2025-04-30',
      [late(70.25, '2025-04-30')],
      [view({ currency: 'CAD', amount: -120.5, status: 'owing', tone: 'danger', dueDate: '2025-04-30', overdue: true, overdueAmount: 70.25 })],
    ],
    [
      'owing without a known due date',
      [bal(-1)],
      null,
      [],
      [view({ currency: 'CAD', amount: -1, status: 'owing', tone: 'danger' })],
    ],
    ['zero: green, no due line', [bal(0)], '2025-05-30', [], [view({ currency: 'CAD', amount: 0, status: 'clear', tone: 'success' })]],
    ['credit: green', [bal(25)], '2025-05-30', [], [view({ currency: 'CAD', amount: 25, status: 'credit', tone: 'success' })]],
    [
      'no balances: zero in the account currency',
      [],
      null,
      [],
      [view({ currency: 'CAD', amount: 0, status: 'clear', tone: 'success' })],
    ],
  ] as const)('%s', (_name, balances, due, overdue, expected) => {
    expect(balanceViews([...balances], due, [...overdue], 'CAD')).toEqual(expected);
  });

  it('gives one view per currency, each with its own overdue amount', () => {
    const views = balanceViews([bal(-5, 'CAD'), bal(-40, 'USD'), bal(3, 'USD')], '2025-01-01', [late(40, '2024-12-01', 'USD')]);
    expect(views.map((v) => [v.currency, v.status, v.dueDate, v.overdueAmount])).toEqual([
      ['CAD', 'owing', '2025-01-01', null],
      ['USD', 'owing', '2024-12-01', 40],
      ['USD', 'credit', null, null],
    ]);
  });
});
