import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { absMoney, addMoney, compareMoney, fromMinor, minorToDecimal, subtractMoney, toMinor } from './money';

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
