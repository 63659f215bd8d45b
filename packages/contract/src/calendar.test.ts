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
