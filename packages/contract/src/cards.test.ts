import { describe, expect, it } from 'vitest';
import { cardExpiry, isCardExpired } from './cards';

describe('isCardExpired', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  it.each([
    [5, 2025, true],
    [6, 2025, false],
    [7, 2025, false],
    [12, 2024, true],
    [1, 2026, false],
  ])('%i/%i expired=%s in June 2025', (expMonth, expYear, expired) => {
    expect(isCardExpired({ expMonth, expYear }, now)).toBe(expired);
  });
  it('keeps a card valid through the last instant of its month', () => {
    expect(isCardExpired({ expMonth: 6, expYear: 2025 }, new Date('2025-06-30T23:59:59Z'))).toBe(false);
    expect(isCardExpired({ expMonth: 6, expYear: 2025 }, new Date('2025-07-01T00:00:00Z'))).toBe(true);
  });
});

describe('cardExpiry', () => {
  it.each([
    [1, 2030, '01/30'],
    [12, 2099, '12/99'],
    [7, 2005, '07/05'],
  ])('%i/%i → %s', (expMonth, expYear, text) => {
    expect(cardExpiry({ expMonth, expYear })).toBe(text);
  });
});
