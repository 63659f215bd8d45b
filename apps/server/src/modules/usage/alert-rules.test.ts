import { describe, expect, it } from 'vitest';
import { defaultAlertSettings, type UsageAlertSettings } from '@portal/contract';
import { alertsToFire, daysLeft, firedKey, limitReached, percentsReached, type PeriodUse } from './alert-rules';

const use = (over: Partial<PeriodUse> = {}): PeriodUse => ({
  voice: { used: 0, included: 500 },
  sms: { used: 0, included: null },
  data: { used: 0, included: 1000 },
  roamingCents: 0n,
  beyondPlanCents: 0n,
  ...over,
});

describe('percentsReached', () => {
  it.each([
    { percents: [80, 100], used: 399, included: 500, reached: [] },
    { percents: [80, 100], used: 400, included: 500, reached: [80] },
    { percents: [100, 50, 80], used: 500, included: 500, reached: [50, 80, 100] },
    { percents: [50, 80, 90, 100], used: 451, included: 500, reached: [50, 80, 90] },
    { percents: [80], used: 10_000, included: null, reached: [] },
    { percents: [80], used: 1, included: 0, reached: [] },
    { percents: [], used: 500, included: 500, reached: [] },
  ])('$used of $included at $percents reaches $reached', ({ percents, used, included, reached }) => {
    expect(percentsReached(percents, { used, included })).toEqual(reached);
  });
});

describe('alertsToFire', () => {
  const settings = defaultAlertSettings();
  const fire = (u: PeriodUse, fired: string[] = [], limitCents: bigint | null = null, s: UsageAlertSettings = settings) =>
    alertsToFire({ settings: s, use: u, limitCents, fired: new Set(fired) }).map((f) => [f.alert, f.thresholds, f.reached]);

  it.each([
    { name: 'nothing reached', u: use({ voice: { used: 100, included: 500 } }), fired: [], limit: null, expected: [] },
    { name: 'voice crosses 80', u: use({ voice: { used: 410, included: 500 } }), fired: [], limit: null, expected: [['voice', [80n], 80n]] },
    {
      name: 'one batch crosses 80 and 100: both recorded, 100 named',
      u: use({ data: { used: 1200, included: 1000 } }),
      fired: [],
      limit: null,
      expected: [['data', [80n, 100n], 100n]],
    },
    { name: 'a fired threshold does not fire again (a replayed batch)', u: use({ voice: { used: 450, included: 500 } }), fired: ['voice:80'], limit: null, expected: [] },
    { name: 'after 80 fired, 100 fires alone', u: use({ voice: { used: 500, included: 500 } }), fired: ['voice:80'], limit: null, expected: [['voice', [100n], 100n]] },
    { name: 'unlimited texts never alert', u: use({ sms: { used: 9999, included: null } }), fired: [], limit: null, expected: [] },
    { name: 'roaming starts', u: use({ roamingCents: 1n, beyondPlanCents: 1n }), fired: [], limit: null, expected: [['roaming_started', [0n], 0n]] },
    { name: 'roaming started already told', u: use({ roamingCents: 500n, beyondPlanCents: 500n }), fired: ['roaming_started:0'], limit: null, expected: [] },
    {
      name: 'roaming at 80 % of the limit',
      u: use({ roamingCents: 4000n, beyondPlanCents: 4000n }),
      fired: ['roaming_started:0'],
      limit: 5000n,
      expected: [['roaming', [80n], 80n]],
    },
    {
      name: 'the limit reached (roaming at 100 % of it too)',
      u: use({ roamingCents: 5000n, beyondPlanCents: 5000n }),
      fired: ['roaming_started:0', 'roaming:80'],
      limit: 5000n,
      expected: [
        ['roaming', [100n], 100n],
        ['limit', [5000n], 5000n],
      ],
    },
    { name: 'a raised limit not reached yet', u: use({ beyondPlanCents: 5000n }), fired: ['limit:5000'], limit: 8000n, expected: [] },
    { name: 'a raised limit reached fires again', u: use({ beyondPlanCents: 8000n }), fired: ['limit:5000'], limit: 8000n, expected: [['limit', [8000n], 8000n]] },
  ])('$name', ({ u, fired, limit, expected }) => {
    expect(fire(u, fired, limit)).toEqual(expected);
  });

  it('fires the overage amount once reached, and only percents chosen', () => {
    const chosen: UsageAlertSettings = { allowances: [{ kind: 'voice', percents: [50] }], overageAmount: 20, email: false };
    expect(fire(use({ voice: { used: 450, included: 500 }, beyondPlanCents: 1999n }), [], null, chosen)).toEqual([['voice', [50n], 50n]]);
    expect(fire(use({ data: { used: 1000, included: 1000 }, beyondPlanCents: 2000n }), [], null, chosen)).toEqual([['overage', [2000n], 2000n]]);
    expect(fire(use({ beyondPlanCents: 2500n }), [firedKey('overage', 2000n)], null, chosen)).toEqual([]);
  });
});

describe('daysLeft', () => {
  it.each([
    { end: '2026-12-31', today: '2026-12-04', left: 27 },
    { end: '2026-12-31', today: '2026-12-31', left: 0 },
    { end: '2026-12-31', today: '2027-01-02', left: 0 },
    // A day of 23 hours (daylight saving) still counts as one.
    { end: '2026-03-31', today: '2026-03-01', left: 30 },
  ])('$today to $end: $left', ({ end, today, left }) => {
    expect(daysLeft(end, today)).toBe(left);
  });
});

describe('limitReached', () => {
  it.each([
    { used: 4999n, limit: 5000n, reached: false },
    { used: 5000n, limit: 5000n, reached: true },
    { used: 9000n, limit: null, reached: false },
  ])('$used against $limit: $reached', ({ used, limit, reached }) => {
    expect(limitReached(used, limit)).toBe(reached);
  });
});
