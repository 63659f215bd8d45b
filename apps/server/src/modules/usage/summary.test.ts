import { describe, expect, it } from 'vitest';
import { TAX_RULES_BY_PROVINCE, UsageClass } from '../../lib/rating';
import { presentUsageDays, presentUsageTotals } from './presenter';
import type { UsageGroupRow } from './repository';
import { summarizeUsage, type SummaryInput } from './summary';

const group = (overrides: Partial<UsageGroupRow>): UsageGroupRow => ({
  day: '2025-06-02',
  kind: 'voice',
  usageClass: null,
  count: 1,
  durationSeconds: 0,
  dataKb: 0,
  amount: '0.0000',
  minutes: 0,
  mb: 0,
  ...overrides,
});

const input = (overrides: Partial<SummaryInput>): SummaryInput => ({
  period: { start: '2025-06-01', end: '2025-06-30' },
  asOf: new Date('2025-06-15T12:00:00Z'),
  currency: 'CAD',
  language: 'English',
  planLine: { description: 'Talk & Text 150 + 5 GB (2 lines)', quantity: '2.000', amount: '80.00' },
  taxRules: TAX_RULES_BY_PROVINCE.ON!,
  groups: [],
  ...overrides,
});

describe('summarizeUsage', () => {
  it('counts domestic minutes, texts and MB against the plan times its lines', () => {
    const s = summarizeUsage(
      input({
        groups: [
          group({ kind: 'voice', minutes: 200, count: 40 }),
          group({ kind: 'voice', usageClass: UsageClass.VoiceOverage, minutes: 120, count: 10, amount: '5.0000' }),
          // Calls abroad and overseas are priced per minute and do not use the plan's minutes.
          group({ kind: 'voice', usageClass: UsageClass.RoamingVoice, minutes: 30, count: 3, amount: '30.0000' }),
          group({ kind: 'voice', usageClass: UsageClass.International, minutes: 10, count: 1, amount: '4.5000' }),
          group({ kind: 'sms', count: 25 }),
          group({ kind: 'sms', usageClass: UsageClass.InternationalSms, count: 2, amount: '0.4000' }),
          group({ kind: 'data', mb: 9000, count: 30 }),
          group({ kind: 'data', usageClass: UsageClass.DataOverage, mb: 2000, count: 3, amount: '9.7600' }),
        ],
      }),
    );
    expect(s.plan).toEqual({ name: 'Talk & Text 150 + 5 GB (2 lines)', lines: 2 });
    expect(s.allowances).toEqual({
      voiceMinutes: { used: 320, included: 300 },
      textMessages: { used: 25, included: null },
      dataMb: { used: 11_000, included: 10_240 },
    });
    expect([s.overage, s.roaming, s.otherUsage]).toEqual([14.76, 30, 4.9]);
    // Plan 2 × 40.00, usage 49.66, HST 13 % of 129.66 = 16.86.
    expect(s.estimate).toEqual({
      plan: 80,
      usage: 49.66,
      subtotal: 129.66,
      taxes: [{ code: 'HST', description: 'HST 13%', amount: 16.86 }],
      total: 146.52,
      taxesIncluded: true,
    });
  });

  it('has no allowances without a plan, and estimates a plan the catalogue does not know at its last line', () => {
    const none = summarizeUsage(input({ planLine: undefined, groups: [group({ kind: 'voice', minutes: 5 })] }));
    expect(none.plan).toBeNull();
    expect(none.allowances.voiceMinutes).toEqual({ used: 5, included: null });
    expect(none.estimate.plan).toBe(0);
    const unknown = summarizeUsage(input({ planLine: { description: 'Legacy plan', quantity: '1.000', amount: '25.50' }, taxRules: null }));
    expect(unknown.allowances.dataMb.included).toBeNull();
    expect(unknown.estimate).toMatchObject({ plan: 25.5, total: 25.5, taxes: [], taxesIncluded: false });
  });

  it('counts against the plan the provider set, over the billed line', () => {
    const s = summarizeUsage(
      input({
        accountPlan: { name: 'Provider Max', lines: 3, voiceMinutes: 900, textMessages: 3000, dataMb: null },
        groups: [group({ kind: 'voice', minutes: 50 }), group({ kind: 'sms', count: 7 })],
      }),
    );
    expect(s.plan).toEqual({ name: 'Provider Max', lines: 3 });
    expect(s.allowances).toEqual({
      voiceMinutes: { used: 50, included: 900 },
      textMessages: { used: 7, included: 3000 },
      dataMb: { used: 0, included: null },
    });
  });

  it('says unlimited minutes for plans without a minute allowance', () => {
    const s = summarizeUsage(input({ planLine: { description: 'Essential 10 GB', quantity: '1.000', amount: '45.00' } }));
    expect(s.allowances.voiceMinutes.included).toBeNull();
    expect(s.allowances.dataMb.included).toBe(10_240);
  });
});

describe('totals and the daily series', () => {
  const groups = [
    group({ day: '2025-06-01', kind: 'voice', count: 2, durationSeconds: 300, amount: '0.0000' }),
    group({ day: '2025-06-01', kind: 'data', usageClass: UsageClass.RoamingData, count: 1, dataKb: 5000, amount: '0.2500' }),
    group({ day: '2025-06-03', kind: 'sms', count: 4 }),
  ];

  it('adds the groups up, the amount as the invoice bills it', () => {
    expect(presentUsageTotals(groups)).toEqual({ count: 7, durationSeconds: 300, dataKb: 5000, amount: 0.25 });
    expect(presentUsageTotals([])).toEqual({ count: 0, durationSeconds: 0, dataKb: 0, amount: 0 });
  });

  it('gives one entry per day with records, by type', () => {
    expect(presentUsageDays(groups)).toEqual([
      { day: '2025-06-01', voiceCount: 2, voiceSeconds: 300, smsCount: 0, dataCount: 1, dataKb: 5000 },
      { day: '2025-06-03', voiceCount: 0, voiceSeconds: 0, smsCount: 4, dataCount: 0, dataKb: 0 },
    ]);
  });
});
