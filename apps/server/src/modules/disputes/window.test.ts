import { describe, expect, it } from 'vitest';
import { disputeWindow } from './window';

describe('disputeWindow: 30 days from the billing date, in the account’s time zone', () => {
  // Posted at 00:00 UTC on Nov 1: still Oct 31 in Toronto, already Nov 1 in Paris.
  const posted = new Date('2026-11-01T00:00:00Z');

  it.each([
    // zone, now, billing day, closes on, open
    ['America/Toronto', '2026-11-25T12:00:00Z', '2026-10-31', '2026-11-30', true],
    ['America/Toronto', '2026-12-01T04:59:59Z', '2026-10-31', '2026-11-30', true], // 23:59:59 on Nov 30 in Toronto
    ['America/Toronto', '2026-12-01T05:00:00Z', '2026-10-31', '2026-11-30', false], // midnight in Toronto
    ['Europe/Paris', '2026-12-01T22:59:59Z', '2026-11-01', '2026-12-01', true], // 23:59:59 on Dec 1 in Paris
    ['Europe/Paris', '2026-12-01T23:00:00Z', '2026-11-01', '2026-12-01', false],
    ['America/Vancouver', '2026-10-31T07:00:00Z', '2026-10-31', '2026-11-30', true], // before the billing instant: open
    ['UTC', '2026-12-01T23:59:59Z', '2026-11-01', '2026-12-01', true],
    ['UTC', '2026-12-02T00:00:00Z', '2026-11-01', '2026-12-01', false],
  ])('%s at %s: billed %s, closes %s, open %s', (zone, now, billingDay, closesOn, open) => {
    expect(disputeWindow(posted, zone, new Date(now))).toEqual({ billingDay, closesOn, open });
  });

  it('counts calendar days across a month end and a leap day', () => {
    expect(disputeWindow(new Date('2028-02-15T17:00:00Z'), 'America/Toronto', new Date('2028-03-16T12:00:00Z'))).toEqual({
      billingDay: '2028-02-15',
      closesOn: '2028-03-16',
      open: true,
    });
    expect(disputeWindow(new Date('2028-02-15T17:00:00Z'), 'America/Toronto', new Date('2028-03-17T12:00:00Z')).open).toBe(false);
  });
});
