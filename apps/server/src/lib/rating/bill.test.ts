import { describe, expect, it } from 'vitest';
import { tenThousandthsOf } from './amounts';
import { estimateBill, planChargeCents, taxRulesOf, usageChargesCents } from './bill';
import { PLANS, USAGE_CLASS_COUNT, UsageClass, planOfChargeDescription } from './catalog';
import { TAX_RULES_BY_PROVINCE } from './tax';

const byClass = (entries: Partial<Record<number, number>>) =>
  Array.from({ length: USAGE_CLASS_COUNT }, (_, c) => entries[c] ?? 0);

describe('tenThousandthsOf', () => {
  it.each([
    ['0.2500', 2500],
    ['12.34', 123_400],
    ['-0.0001', -1],
    ['7', 70_000],
    ['0', 0],
  ])('%s → %i', (text, value) => expect(tenThousandthsOf(text)).toBe(value));

  it.each(['', '1.23456', 'abc', '1e3', '--1'])('refuses %j', (text) => expect(() => tenThousandthsOf(text)).toThrow(RangeError));
});

describe('planOfChargeDescription', () => {
  it.each([
    ['Talk & Text 150 + 5 GB', PLANS.talkText150],
    ['Parler-texter 150 + 5 Go', PLANS.talkText150],
    ['Business Pro 100 GB (3 lines)', PLANS.businessPro100],
    ['Affaires Pro 100 Go (2 lignes)', PLANS.businessPro100],
    ['US Basic 500 + 5 GB', PLANS.usBasic500],
  ])('%s', (description, plan) => expect(planOfChargeDescription(description)).toBe(plan));

  it.each(['Unknown plan', 'Talk & Text 150 + 5 GB extra', ''])('knows no plan in %j', (description) =>
    expect(planOfChargeDescription(description)).toBeUndefined(),
  );
});

describe('usage charges', () => {
  it('rounds each class on its own, as the invoice lines are', () => {
    expect(usageChargesCents(byClass({ [UsageClass.VoiceOverage]: 51, [UsageClass.DataOverage]: 49 }))).toBe(1);
    // Half a cent in each of two lines bills two cents, where rounding their sum would bill one.
    expect(usageChargesCents(byClass({ [UsageClass.VoiceOverage]: 50, [UsageClass.DataOverage]: 50 }))).toBe(2);
    expect(usageChargesCents(byClass({}))).toBe(0);
  });

  it('prices the plan per line', () => {
    expect(planChargeCents(PLANS.businessPro100, 3)).toBe(25_500);
  });
});

describe('estimateBill', () => {
  it('adds plan and usage, then each tax on their sum (Quebec, French)', () => {
    const estimate = estimateBill({
      planCents: 4000,
      ratedByClass: byClass({ [UsageClass.RoamingVoice]: 30_000, [UsageClass.International]: 9000 }),
      taxRules: TAX_RULES_BY_PROVINCE.QC!,
      language: 'French',
    });
    expect(estimate).toMatchObject({ planCents: 4000, usageCents: 390, subtotalCents: 4390, totalCents: 4390 + 220 + 438, taxesKnown: true });
    expect(estimate.taxes.map((t) => [t.rule.code, t.amountCents, t.description])).toEqual([
      ['GST', 220, 'TPS 5 %'],
      ['QST', 438, 'TVQ 9,975 %'],
    ]);
  });

  it('has no taxes in the US, and says so where the rules are unknown', () => {
    const us = estimateBill({ planCents: 3000, ratedByClass: byClass({}), taxRules: taxRulesOf('US', 'WA'), language: 'English' });
    expect(us).toMatchObject({ totalCents: 3000, taxes: [], taxesKnown: true });
    const unknown = estimateBill({ planCents: 3000, ratedByClass: byClass({}), taxRules: taxRulesOf('CA', 'NS'), language: 'English' });
    expect(unknown).toMatchObject({ totalCents: 3000, taxes: [], taxesKnown: false });
  });

  it('needs every usage class', () => {
    expect(() => estimateBill({ planCents: 0, ratedByClass: [0], taxRules: [], language: 'English' })).toThrow(RangeError);
  });
});
