import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount';

describe('parseAmount', () => {
  it.each<[string, number | null]>([
    ['25', 25],
    ['25.5', 25.5],
    ['25.50', 25.5],
    [' 0.01 ', 0.01],
    ['.5', 0.5],
    ['0', null],
    ['0.00', null],
    ['-5', null],
    ['', null],
    ['abc', null],
    ['1.234', null],
    ['1e3', null],
    ['1,000', null],
    ['10000000000000', null],
    ['999999999999.99', 999999999999.99],
    ['1000000000000', null],
  ])('"%s" → %s', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });
});
