import { describe, expect, it } from 'vitest';
import { documentLinksExpiry } from './document-links';

describe('documentLinksExpiry', () => {
  it.each([
    { now: '2025-06-10T05:30:00.000Z', expires: '2025-06-10T05:40:00.000Z' },
    { now: '2025-06-10T05:30:00.999Z', expires: '2025-06-10T05:40:00.000Z' },
    { now: '2025-06-10T05:30:01.000Z', expires: '2025-06-10T05:41:00.000Z' },
    { now: '2025-06-10T05:30:59.999Z', expires: '2025-06-10T05:41:00.000Z' },
    { now: '2025-06-10T23:59:30.000Z', expires: '2025-06-11T00:10:00.000Z' },
  ])('links signed at $now expire at $expires', ({ now, expires }) => {
    expect(documentLinksExpiry(new Date(now))).toBe(new Date(expires).getTime() / 1000);
  });
});
