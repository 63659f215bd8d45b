import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { absMoney, addMoney, compareMoney, fromMinor, minorToDecimal, MONEY_PROBLEMS, parseMoney, subtractMoney, toMinor } from './money';
import { MoneySchema } from './primitives';

describe('parseMoney', () => {
  it.each([
    [12.34, 1234n],
    [-12.3, -1230n],
    [0, 0n],
    [0.1, 10n],
    [0.1 + 0.2, 30n],
    [-0, 0n],
    [999_999_999_999.99, 99_999_999_999_999n],
    [-999_999_999_999.99, -99_999_999_999_999n],
    ['12.50', 1250n],
    [' 7 ', 700n],
    ['007.5', 750n],
    ['-0.01', -1n],
    ['999999999999', 99_999_999_999_900n],
    [123n, 12_300n],
  ] as const)('reads %s as %s minor units', (input, minor) => {
    expect(parseMoney(input)).toEqual({ ok: true, minor });
  });

  it.each([
    [1e22, MONEY_PROBLEMS.tooManyDigits],
    [1e21, MONEY_PROBLEMS.tooManyDigits],
    [-1e100, MONEY_PROBLEMS.tooManyDigits],
    [1e300, MONEY_PROBLEMS.tooManyDigits],
    [Number.MAX_VALUE, MONEY_PROBLEMS.tooManyDigits],
    [1e12, MONEY_PROBLEMS.tooManyDigits],
    [10n ** 22n, MONEY_PROBLEMS.tooManyDigits],
    ['1000000000000', MONEY_PROBLEMS.tooManyDigits],
    ['-99999999999999999999.5', MONEY_PROBLEMS.tooManyDigits],
    [Number.POSITIVE_INFINITY, MONEY_PROBLEMS.notFinite],
    [Number.NEGATIVE_INFINITY, MONEY_PROBLEMS.notFinite],
    [Number.NaN, MONEY_PROBLEMS.notFinite],
    ['1e5', MONEY_PROBLEMS.exponent],
    ['1E5', MONEY_PROBLEMS.exponent],
    ['-1e-2', MONEY_PROBLEMS.exponent],
    ['1e22', MONEY_PROBLEMS.exponent],
    [1e-7, MONEY_PROBLEMS.tooManyDecimals],
    [0.001, MONEY_PROBLEMS.tooManyDecimals],
    ['12.345', MONEY_PROBLEMS.tooManyDecimals],
    ['Infinity', MONEY_PROBLEMS.notAmount],
    ['NaN', MONEY_PROBLEMS.notAmount],
    ['', MONEY_PROBLEMS.notAmount],
    ['12,50', MONEY_PROBLEMS.notAmount],
    ['+5', MONEY_PROBLEMS.notAmount],
    ['.5', MONEY_PROBLEMS.notAmount],
    ['0x10', MONEY_PROBLEMS.notAmount],
    [null, MONEY_PROBLEMS.notAmount],
    [true, MONEY_PROBLEMS.notAmount],
  ] as const)('refuses %s: %s', (input, problem) => {
    expect(parseMoney(input)).toEqual({ ok: false, problem });
  });

  it('is what MoneySchema reads with, and refinements on it never see an amount it refused', () => {
    const positive = MoneySchema.refine((amount) => toMinor(amount) > 0n, 'Enter an amount greater than zero');
    for (const input of [1e22, -1e100, 1e300, '1e5', 10n ** 22n, '0.001']) {
      const result = positive.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([(parseMoney(input) as { problem: string }).problem]);
    }
    expect(positive.parse('12.50')).toBe(12.5);
    // JSON carries neither; a caller in code is refused by the number type itself.
    expect(positive.safeParse(Number.NaN).success).toBe(false);
    expect(positive.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('reads every amount toMinor writes back exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n) + 1n, max: 10n ** 14n - 1n }), (minor) => {
        expect(parseMoney(fromMinor(minor))).toEqual({ ok: true, minor });
        expect(parseMoney(minorToDecimal(minor))).toEqual({ ok: true, minor });
      }),
    );
  });
});

describe('money', () => {
  it.each([
    [12.34, 1234n],
    [-12.3, -1230n],
    ['0.07', 7n],
    ['100', 10000n],
    [0.1, 10n],
  ] as const)('toMinor(%s) = %s', (amount, minor) => {
    expect(toMinor(amount)).toBe(minor);
  });

  it('rejects text that is not an amount', () => {
    expect(() => toMinor('12.345')).toThrow(RangeError);
    expect(() => toMinor('abc')).toThrow(RangeError);
  });

  it.each([
    [-1234n, '-12.34'],
    [5n, '0.05'],
    [0n, '0.00'],
  ] as const)('minorToDecimal(%s) = %s', (minor, text) => {
    expect(minorToDecimal(minor)).toBe(text);
  });

  it('adds without float error', () => {
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(subtractMoney(100, 99.99)).toBe(0.01);
    expect(absMoney(-5.5)).toBe(5.5);
    expect(compareMoney(0.3, addMoney(0.1, 0.2))).toBe(0);
  });

  it('round-trips every cent amount exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), (minor) => {
        expect(toMinor(fromMinor(minor))).toBe(minor);
      }),
    );
  });
});
