import { describe, expect, it } from 'vitest';
import { accountDetails } from '@/test/fixtures';
import { accountToday } from './use-account-today';

describe('accountToday', () => {
  // 03:30 UTC on June 10: 20:30 on June 9 in Vancouver, 23:30 in Toronto, 00:30 on June 10 in Halifax.
  const now = new Date('2025-06-10T03:30:00Z');
  it.each([
    ['the zone the provider set: Vancouver', 'America/Vancouver', '2025-06-09'],
    ['the zone the provider set: Halifax', 'America/Halifax', '2025-06-10'],
    ['without one, the Ontario billing address (Toronto)', null, '2025-06-09'],
  ])('is dated by %s', (_name, timeZone, day) => {
    expect(accountToday(accountDetails(1n, { timeZone }), now)).toBe(day);
  });

  it("is the provider's day (Toronto) before the details load", () => {
    expect(accountToday(undefined, new Date('2025-06-10T03:30:00Z'))).toBe('2025-06-09');
  });
});
