import { describe, expect, it } from 'vitest';
import { cardExpiresAt, cardNotice } from './expiry-notices';

describe('card notices', () => {
  it('a card works through the last day of its expiry month', () => {
    expect(cardExpiresAt({ expMonth: 12, expYear: 2026 }).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it.each([
    ['2026-11-25T12:00:00Z', 12, 2026, null], // works until Jan 1: 36 days left
    ['2026-11-25T12:00:00Z', 11, 2026, 'card_expiring'], // last valid day Nov 30
    ['2026-10-31T23:59:59Z', 11, 2026, null], // 30 days and a second left
    ['2026-11-01T00:00:00Z', 11, 2026, 'card_expiring'], // exactly 30 days left
    ['2026-12-01T00:00:00Z', 11, 2026, 'card_expired'], // the first day it no longer works
    ['2026-12-30T23:59:59Z', 11, 2026, 'card_expired'],
    ['2026-12-31T00:00:00Z', 11, 2026, null], // 30 days after: no longer news
    ['2026-11-25T12:00:00Z', 3, 2027, null],
  ] as const)('at %s a card expiring %s/%s gets %s', (now, expMonth, expYear, notice) => {
    expect(cardNotice({ expMonth, expYear }, new Date(now))).toBe(notice);
  });
});
