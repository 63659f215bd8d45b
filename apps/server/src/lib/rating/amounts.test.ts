import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRate, formatCents, formatPercent, formatTenThousandths, tenThousandthsToCents } from './amounts';
import { TAX_RULES_BY_PROVINCE, taxLines, taxRulesFor } from './tax';

describe('amount text', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1234, '12.34'],
    [-1234, '-12.34'],
    [-5, '-0.05'],
    [100_000_000_00, '100000000.00'],
  ])('formatCents(%i) = %s', (cents, text) => expect(formatCents(cents)).toBe(text));

  it('formats ten-thousandths for rates and CDR amounts', () => {
    expect(formatTenThousandths(2500)).toBe('0.2500');
    expect(formatTenThousandths(123_4567)).toBe('123.4567');
    expect(formatTenThousandths(-1)).toBe('-0.0001');
  });

  it('refuses amounts that are not safe integers', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => formatCents(2 ** 60)).toThrow(RangeError);
  });
});

describe('rounding', () => {
  it.each([
    [0, 0],
    [49, 0],
    [50, 1],
    [150, 2],
    [-50, -1],
    [-49, 0],
    [12_3450, 1235],
  ])('tenThousandthsToCents(%i) = %i (half away from zero)', (value, cents) => expect(tenThousandthsToCents(value)).toBe(cents));

  it.each([
    [10_000, 130_000, 1300],
    [8665, 130_000, 1126], // 1126.45 → 1126
    [7500, 99_750, 748], // 748.125 → 748
    [4010, 99_750, 400], // 399.9975 → 400
    [1000, 50_000, 50],
    [10, 50_000, 1], // 0.5 → 1
    [-10, 50_000, -1],
  ])('applyRate(%i, %i ppm) = %i', (cents, ppm, tax) => expect(applyRate(cents, ppm)).toBe(tax));

  it('applyRate is within half a cent of the exact product, for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (cents, ppm) => {
          const tax = BigInt(applyRate(cents, ppm));
          const error = tax * 1_000_000n - BigInt(cents) * BigInt(ppm);
          return error <= 500_000n && error >= -500_000n;
        },
      ),
    );
  });

  it('formats rates for line descriptions', () => {
    expect(formatPercent(130_000)).toBe('13');
    expect(formatPercent(99_750)).toBe('9.975');
    expect(formatPercent(99_750, ',')).toBe('9,975');
    expect(formatPercent(50_000)).toBe('5');
  });
});

describe('Canadian sales taxes', () => {
  it('Ontario bills one HST line of 13 %', () => {
    expect(taxLines(10_000, taxRulesFor('CA', 'ON'), 'English').map((l) => [l.rule.code, l.amountCents, l.description])).toEqual([
      ['HST', 1300, 'HST 13%'],
    ]);
  });

  it('Quebec bills GST 5 % and QST 9.975 %, both on the price before tax, named TPS/TVQ in French', () => {
    expect(taxLines(10_000, taxRulesFor('CA', 'QC'), 'French').map((l) => [l.rule.code, l.amountCents, l.description])).toEqual([
      ['GST', 500, 'TPS 5 %'],
      ['QST', 998, 'TVQ 9,975 %'],
    ]);
  });

  it('US addresses carry no Canadian tax', () => {
    expect(taxRulesFor('US', 'WA')).toEqual([]);
  });

  it('knows every province the catalogue bills in and refuses others', () => {
    expect(Object.keys(TAX_RULES_BY_PROVINCE).sort()).toEqual(['AB', 'BC', 'MB', 'ON', 'QC']);
    expect(() => taxRulesFor('CA', 'NS')).toThrow(RangeError);
  });
});
