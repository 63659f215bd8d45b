import { describe, expect, it } from 'vitest';
import { dayIn, daysSpanIn, monthIn, startOfDayIn } from './calendar';

describe('dayIn', () => {
  it.each([
    // 06:30 UTC on Nov 1: still Oct 31 in Vancouver (UTC−7), already Nov 1 in Halifax (UTC−3).
    ['America/Vancouver', '2026-11-01T06:30:00Z', '2026-10-31'],
    ['America/Halifax', '2026-11-01T06:30:00Z', '2026-11-01'],
    ['America/Vancouver', '2026-11-01T07:00:00Z', '2026-11-01'],
    ['America/Halifax', '2026-03-01T03:59:59Z', '2026-02-28'],
    ['America/Halifax', '2026-03-01T04:00:00Z', '2026-03-01'],
    ['America/St_Johns', '2026-01-01T03:29:00Z', '2025-12-31'],
    ['UTC', '2024-02-29T23:59:59Z', '2024-02-29'],
  ])('in %s at %s is %s', (zone, instant, day) => {
    expect(dayIn(zone, new Date(instant))).toBe(day);
  });
});

describe('startOfDayIn', () => {
  it.each([
    ['America/Vancouver', '2026-11-01', '2026-11-01T07:00:00.000Z'],
    ['America/Halifax', '2026-11-01', '2026-11-01T03:00:00.000Z'],
    // The days DST starts and ends in Toronto begin at an ordinary midnight, before the change.
    ['America/Toronto', '2026-03-08', '2026-03-08T05:00:00.000Z'],
    ['America/Toronto', '2026-03-09', '2026-03-09T04:00:00.000Z'],
    ['America/Toronto', '2026-11-01', '2026-11-01T04:00:00.000Z'],
    ['America/Toronto', '2026-11-02', '2026-11-02T05:00:00.000Z'],
    // Havana's clocks skip midnight when DST starts: the day begins at 01:00 local.
    ['America/Havana', '2024-03-10', '2024-03-10T05:00:00.000Z'],
  ])('in %s of %s is %s', (zone, day, instant) => {
    expect(startOfDayIn(zone, day).toISOString()).toBe(instant);
  });
});

describe('daysSpanIn', () => {
  it.each([
    // A month holding DST's start is an hour short; its end an hour long.
    ['America/Toronto', '2026-03-01', '2026-03-31', 31 * 24 - 1],
    ['America/Toronto', '2026-11-01', '2026-11-30', 30 * 24 + 1],
    ['America/Regina', '2026-03-01', '2026-03-31', 31 * 24],
    ['UTC', '2024-02-01', '2024-02-29', 29 * 24],
  ])('in %s from %s to %s lasts %i hours', (zone, first, last, hours) => {
    const { from, until } = daysSpanIn(zone, first, last);
    expect((until.getTime() - from.getTime()) / 3_600_000).toBe(hours);
  });
});

describe('monthIn', () => {
  it.each([
    ['America/Vancouver', '2026-03-01T07:00:00Z', { start: '2026-02-01', end: '2026-02-28' }],
    ['America/Halifax', '2026-03-01T07:00:00Z', { start: '2026-03-01', end: '2026-03-31' }],
    ['America/Toronto', '2024-02-10T12:00:00Z', { start: '2024-02-01', end: '2024-02-29' }],
    ['Pacific/Honolulu', '2027-01-01T09:00:00Z', { start: '2026-12-01', end: '2026-12-31' }],
  ])('in %s at %s is %j', (zone, instant, month) => {
    expect(monthIn(zone, new Date(instant))).toEqual(month);
  });
});

describe('the day and month of a record (the usage explorer, statements, automatic payments)', () => {
  it.each([
    // 23:30 on Jan 31 in Toronto (EST) is 04:30 UTC on Feb 1: January there, February in UTC.
    ['America/Toronto', '2025-02-01T04:30:00Z', '2025-01-31', { start: '2025-01-01', end: '2025-01-31' }],
    ['UTC', '2025-02-01T04:30:00Z', '2025-02-01', { start: '2025-02-01', end: '2025-02-28' }],
    // 23:30 on Jun 30 in Vancouver (PDT) is 06:30 UTC on Jul 1.
    ['America/Vancouver', '2025-07-01T06:30:00Z', '2025-06-30', { start: '2025-06-01', end: '2025-06-30' }],
    // 00:30 on Apr 1 in Paris (CEST) is 22:30 UTC on Mar 31: Paris is already in April.
    ['Europe/Paris', '2025-03-31T22:30:00Z', '2025-04-01', { start: '2025-04-01', end: '2025-04-30' }],
    ['UTC', '2025-03-31T22:30:00Z', '2025-03-31', { start: '2025-03-01', end: '2025-03-31' }],
  ])('in %s, %s is on %s, in the month %j', (zone, instant, day, month) => {
    expect(dayIn(zone, new Date(instant))).toBe(day);
    expect(monthIn(zone, new Date(instant))).toEqual(month);
  });

  it.each([
    ['America/Toronto', '2025-03-09', 23],
    ['America/Toronto', '2025-11-02', 25],
    ['America/Vancouver', '2025-03-09', 23],
    ['America/Vancouver', '2025-11-02', 25],
    ['Europe/Paris', '2025-03-30', 23],
    ['Europe/Paris', '2025-10-26', 25],
    ['Europe/Paris', '2025-10-27', 24],
    ['UTC', '2025-03-30', 24],
  ])('in %s, %s lasts %i hours', (zone, day, hours) => {
    const { from, until } = daysSpanIn(zone, day, day);
    expect((until.getTime() - from.getTime()) / 3_600_000).toBe(hours);
  });
});
