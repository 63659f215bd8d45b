import { describe, expect, it } from 'vitest';
import { sumBalances, sumOverdue } from './pay-all';

describe('sumBalances', () => {
  it.each([
    { name: 'none', balances: [], sum: [] },
    {
      name: 'one currency, owing and in credit',
      balances: [{ amount: -50.1, currency: { code: 'CAD' as const } }, { amount: 20.05, currency: { code: 'CAD' as const } }],
      sum: [{ amount: -30.05, currency: { code: 'CAD' } }],
    },
    {
      name: 'per currency, by code',
      balances: [{ amount: -10, currency: { code: 'USD' as const } }, { amount: -0.1, currency: { code: 'CAD' as const } }, { amount: -0.2, currency: { code: 'CAD' as const } }],
      sum: [{ amount: -0.3, currency: { code: 'CAD' } }, { amount: -10, currency: { code: 'USD' } }],
    },
  ])('$name', ({ balances, sum }) => {
    expect(sumBalances(balances)).toEqual(sum);
  });
});

describe('sumOverdue', () => {
  it('sums per currency since the oldest date', () => {
    expect(
      sumOverdue([
        { amount: 12.5, currency: { code: 'CAD' }, since: '2026-02-21' },
        { amount: 7.5, currency: { code: 'CAD' }, since: '2026-01-21' },
        { amount: 3, currency: { code: 'USD' }, since: '2026-03-01' },
      ]),
    ).toEqual([
      { amount: 20, currency: { code: 'CAD' }, since: '2026-01-21' },
      { amount: 3, currency: { code: 'USD' }, since: '2026-03-01' },
    ]);
  });
});
