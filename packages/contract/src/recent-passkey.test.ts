import { describe, expect, it } from 'vitest';
import { isRecentPasskey, RECENT_PASSKEY_HOURS } from './auth';

const HOUR = 3_600_000;
const NOW = new Date('2026-03-03T10:00:00Z');

describe('a passkey registered in the last 24 hours', () => {
  it.each([
    [0, true],
    [RECENT_PASSKEY_HOURS * HOUR, true],
    [RECENT_PASSKEY_HOURS * HOUR + 1, false],
    [48 * HOUR, false],
  ])('registered %i ms ago is recent: %s', (ageMs, recent) => {
    expect(isRecentPasskey(new Date(NOW.getTime() - ageMs), NOW)).toBe(recent);
    expect(isRecentPasskey(new Date(NOW.getTime() - ageMs).toISOString(), NOW)).toBe(recent);
  });
});
