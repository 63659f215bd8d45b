import { describe, expect, it } from 'vitest';
import {
  arrangementEligibility,
  arrangementOutcome,
  autopayPausedFor,
  DEFAULT_PAYMENT_POLICY,
  instalmentChargeMinor,
  instalmentProblems,
  instalmentStates,
  instalmentWindows,
  overdueNotArrangedMinor,
  PaymentPolicyOverridesSchema,
  policyForAccountType,
  type EligibilityFacts,
} from './arrangements';

const policy = DEFAULT_PAYMENT_POLICY;
const facts = (over: Partial<EligibilityFacts> = {}): EligibilityFacts => ({
  overdueMinor: 10_000n,
  overdueSince: '2026-11-20',
  hasActiveArrangement: false,
  brokenInLastYear: 0,
  closed: false,
  ...over,
});

describe('eligibility on a controllable "today"', () => {
  it.each([
    ['overdue 14 days', facts(), '2026-12-04', null],
    ['overdue exactly 60 days', facts({ overdueSince: '2026-10-05' }), '2026-12-04', null],
    ['overdue 61 days', facts({ overdueSince: '2026-10-04' }), '2026-12-04', 'overdueTooLong'],
    ['the same facts a day earlier', facts({ overdueSince: '2026-10-04' }), '2026-12-03', null],
    ['nothing overdue', facts({ overdueMinor: 0n, overdueSince: null }), '2026-12-04', 'nothingOverdue'],
    ['one broken in 12 months', facts({ brokenInLastYear: 1 }), '2026-12-04', null],
    ['two broken in 12 months', facts({ brokenInLastYear: 2 }), '2026-12-04', 'tooManyBroken'],
    ['an active arrangement', facts({ hasActiveArrangement: true }), '2026-12-04', 'activeArrangement'],
    ['a closed account', facts({ closed: true }), '2026-12-04', 'closed'],
  ])('%s', (_name, input, today, reason) => {
    const result = arrangementEligibility(policy, input, today);
    expect(result.eligible ? null : result.reason).toBe(reason);
  });

  it('follows the policy: no broken arrangement allowed, 90 days overdue allowed', () => {
    const strict = { ...policy, maxBrokenArrangements: 0, maxOverdueDays: 90 };
    expect(arrangementEligibility(strict, facts({ brokenInLastYear: 1 }), '2026-12-04')).toEqual({ eligible: false, reason: 'tooManyBroken' });
    expect(arrangementEligibility(strict, facts({ overdueSince: '2026-09-05' }), '2026-12-04')).toEqual({ eligible: true });
  });
});

describe('windows: the first at least 50 % within 5 days, the rest within 15 days of the first', () => {
  const today = '2026-12-04';
  const windows = instalmentWindows(policy, 10_001n, today);

  it('rounds the first minimum up to the cent and spans today to today + 5', () => {
    expect(windows).toEqual({ maxInstalments: 2, first: { from: '2026-12-04', to: '2026-12-09' }, firstMinimumMinor: 5_001n, restWithinDays: 15 });
  });

  it.each([
    ['two inside the windows', [['2026-12-09', 5_001n], ['2026-12-24', 5_000n]], []],
    ['one paying it all today', [['2026-12-04', 10_001n]], []],
    ['three instalments', [['2026-12-05', 5_001n], ['2026-12-06', 2_500n], ['2026-12-07', 2_500n]], ['count']],
    ['none', [], ['count']],
    ['first too late', [['2026-12-10', 5_001n], ['2026-12-20', 5_000n]], ['firstDate']],
    ['first in the past', [['2026-12-03', 5_001n], ['2026-12-10', 5_000n]], ['firstDate']],
    ['first below half', [['2026-12-05', 5_000n], ['2026-12-10', 5_001n]], ['firstAmount']],
    ['second 16 days after the first', [['2026-12-05', 5_001n], ['2026-12-21', 5_000n]], ['laterDate']],
    ['second on the first’s day', [['2026-12-05', 5_001n], ['2026-12-05', 5_000n]], ['order']],
    ['amounts not summing', [['2026-12-05', 6_000n], ['2026-12-10', 3_000n]], ['sum']],
    ['a zero amount', [['2026-12-05', 10_001n], ['2026-12-10', 0n]], ['amount']],
  ] as const)('%s', (_name, rows, codes) => {
    const problems = instalmentProblems(windows, 10_001n, rows.map(([date, amountMinor]) => ({ date, amountMinor })));
    expect(problems.map((p) => p.code)).toEqual(codes);
  });

  it('follows the policy’s count, days and percentage', () => {
    const wide = instalmentWindows({ ...policy, instalments: 3, firstInstalmentDays: 10, firstInstalmentPercent: 20, restWithinDays: 30 }, 10_000n, today);
    const rows = [
      { date: '2026-12-14', amountMinor: 2_000n },
      { date: '2027-01-01', amountMinor: 4_000n },
      { date: '2027-01-13', amountMinor: 4_000n },
    ];
    expect(instalmentProblems(wide, 10_000n, rows)).toEqual([]);
    expect(instalmentProblems(windows, 10_000n, rows).map((p) => p.code)).toEqual(['count']);
  });
});

describe('kept and broken as the days pass', () => {
  const instalments = [
    { date: '2026-12-05', amountMinor: 6_000n },
    { date: '2026-12-15', amountMinor: 4_000n },
  ];
  it.each([
    ['before the first date, nothing paid', 0n, '2026-12-04', ['Upcoming', 'Upcoming'], 'Active'],
    ['on the first date, nothing paid yet', 0n, '2026-12-05', ['Due', 'Upcoming'], 'Active'],
    ['the day after the first date, unpaid', 0n, '2026-12-06', ['Missed', 'Upcoming'], 'Broken'],
    ['the first paid, the day after', 6_000n, '2026-12-06', ['Paid', 'Upcoming'], 'Active'],
    ['the first partly paid, the day after', 5_999n, '2026-12-06', ['Missed', 'Upcoming'], 'Broken'],
    ['the first paid, the second missed', 6_000n, '2026-12-16', ['Paid', 'Missed'], 'Broken'],
    ['everything paid early, by hand', 10_000n, '2026-12-04', ['Paid', 'Paid'], 'Kept'],
    ['everything paid on the second date', 10_000n, '2026-12-15', ['Paid', 'Paid'], 'Kept'],
  ] as const)('%s', (_name, paid, today, states, outcome) => {
    expect(instalmentStates(instalments, paid, today)).toEqual(states);
    expect(arrangementOutcome(instalments, paid, today)).toBe(outcome);
  });

  it.each([
    [0, 0n, 6_000n],
    [0, 2_000n, 4_000n],
    [0, 6_000n, 0n],
    [1, 6_000n, 4_000n],
    [1, 8_000n, 2_000n],
    [1, 0n, 4_000n],
  ])('instalment %i with %s paid: charges %s', (index, paid, charge) => {
    expect(instalmentChargeMinor(instalments, index, paid)).toBe(charge);
  });
});

describe('automatic payments pause for covered invoices; the dashboard leaves the arranged amount out of overdue', () => {
  it.each([
    [1n, new Set([1n, 2n]), true],
    [3n, new Set([1n, 2n]), false],
    [1n, new Set<bigint>(), false],
  ])('receivable %s, covered %o: paused %s', (id, covered, paused) => {
    expect(autopayPausedFor(id, covered)).toBe(paused);
  });
  it.each([
    [10_000n, 10_000n, 0n],
    [12_000n, 10_000n, 2_000n],
    [5_000n, 10_000n, 0n],
    [5_000n, 0n, 5_000n],
  ])('overdue %s, arranged %s: shows %s', (overdue, arranged, shown) => {
    expect(overdueNotArrangedMinor(overdue, arranged)).toBe(shown);
  });
});

describe('the policy per account type', () => {
  it('replaces only the fields a type overrides', () => {
    const overrides = PaymentPolicyOverridesSchema.parse({ Business: { instalments: 3, minimumPayment: '25' } });
    expect(policyForAccountType(policy, overrides, 'Business')).toEqual({ ...policy, instalments: 3, minimumPayment: '25.00' });
    expect(policyForAccountType(policy, overrides, 'Residential')).toEqual(policy);
  });
  it('refuses an unknown field or a bad value', () => {
    expect(PaymentPolicyOverridesSchema.safeParse({ Business: { instalment: 3 } }).success).toBe(false);
    expect(PaymentPolicyOverridesSchema.safeParse({ Business: { instalments: 0 } }).success).toBe(false);
    expect(PaymentPolicyOverridesSchema.safeParse({ Business: { minimumPayment: '-1' } }).success).toBe(false);
  });
});
