import { balanceViews, pdfUrl } from './rules';

const bal = (amount: number, code: 'USD' | 'CAD' = 'CAD') => ({ amount, currency: { code } });

describe('balanceViews (spec §4 "Balance")', () => {
  it.each([
    [
      'owing: red with the due date',
      [bal(-120.5)],
      '2025-05-30',
      [{ currency: 'CAD', amount: -120.5, status: 'owing', tone: 'danger', dueDate: '2025-05-30' }],
    ],
    [
      'owing without a known due date',
      [bal(-1)],
      null,
      [{ currency: 'CAD', amount: -1, status: 'owing', tone: 'danger', dueDate: null }],
    ],
    [
      'zero: green, no due line',
      [bal(0)],
      '2025-05-30',
      [{ currency: 'CAD', amount: 0, status: 'clear', tone: 'success', dueDate: null }],
    ],
    [
      'credit: green',
      [bal(25)],
      '2025-05-30',
      [{ currency: 'CAD', amount: 25, status: 'credit', tone: 'success', dueDate: null }],
    ],
    [
      'no balances: zero in the account currency',
      [],
      null,
      [{ currency: 'CAD', amount: 0, status: 'clear', tone: 'success', dueDate: null }],
    ],
  ] as const)('%s', (_name, balances, due, expected) => {
    expect(balanceViews([...balances], due, 'CAD')).toEqual(expected);
  });

  it('gives one view per currency', () => {
    expect(balanceViews([bal(-5, 'CAD'), bal(3, 'USD')], '2025-01-01').map((v) => [v.currency, v.status])).toEqual([
      ['CAD', 'owing'],
      ['USD', 'credit'],
    ]);
  });
});

it('pdfUrl finds the PDF link', () => {
  expect(
    pdfUrl({
      s3UrlDetails: {
        urls: [
          { name: 'CDRs', url: '/c' },
          { name: 'PDF', url: '/p' },
        ],
      },
    }),
  ).toBe('/p');
  expect(pdfUrl({ s3UrlDetails: { urls: [] } })).toBeNull();
});
