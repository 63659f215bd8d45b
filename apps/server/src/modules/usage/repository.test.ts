/** The explorer's condition, pure: a day of the filter is that day in the account's zone (decision 0025). */
import { describe, expect, it } from 'vitest';
import { conditionText, usageCondition } from './repository';

const bounds = (timeZone: string, from: string, to: string) => {
  const text = conditionText(usageCondition(7n, { from, to }, timeZone));
  return [/>= '([^']+)'::timestamptz/.exec(text)?.[1], /< '([^']+)'::timestamptz/.exec(text)?.[1]];
};

describe('usageCondition', () => {
  it.each([
    ['UTC', '2025-01-01', '2025-01-31', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'],
    ['America/Toronto', '2025-01-01', '2025-01-31', '2025-01-01T05:00:00.000Z', '2025-02-01T05:00:00.000Z'],
    // March holds DST's start: it begins on EST and ends on EDT.
    ['America/Vancouver', '2025-03-01', '2025-03-31', '2025-03-01T08:00:00.000Z', '2025-04-01T07:00:00.000Z'],
    ['Europe/Paris', '2025-03-30', '2025-03-30', '2025-03-29T23:00:00.000Z', '2025-03-30T22:00:00.000Z'],
    ['Europe/Paris', '2025-10-26', '2025-10-26', '2025-10-25T22:00:00.000Z', '2025-10-26T23:00:00.000Z'],
  ])('in %s selects %s…%s as [%s, %s)', (zone, from, to, since, until) => {
    expect(bounds(zone, from, to)).toEqual([since, until]);
  });

  it('puts a record at 23:30 on Jan 31 in Toronto in January there, and in February in UTC', () => {
    const record = Date.parse('2025-02-01T04:30:00Z');
    const inside = (zone: string, from: string, to: string) => {
      const [since, until] = bounds(zone, from, to).map((b) => Date.parse(b!));
      return record >= since! && record < until!;
    };
    expect([inside('America/Toronto', '2025-01-01', '2025-01-31'), inside('America/Toronto', '2025-02-01', '2025-02-28')]).toEqual([true, false]);
    expect([inside('UTC', '2025-01-01', '2025-01-31'), inside('UTC', '2025-02-01', '2025-02-28')]).toEqual([false, true]);
  });
});
