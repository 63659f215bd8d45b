import { describe, expect, it } from 'vitest';
import { addDays, autopayAmountMinor, dueDatePeriod, frequencyOfPeriod, isAnnouncedOn, isMonthlyRunDue, monthlyPeriod, monthlyRunToAnnounce, nextRunDate, utcDay } from './rules';

describe('periods', () => {
  it.each([
    ['2025-06-14T23:59:59Z', '2025-06-14', '2025-06', false],
    ['2025-06-15T00:00:00Z', '2025-06-15', '2025-06', true],
    ['2025-06-30T12:00:00Z', '2025-06-30', '2025-06', true],
    ['2025-12-31T23:59:59Z', '2025-12-31', '2025-12', true],
    ['2026-01-01T00:00:00Z', '2026-01-01', '2026-01', false],
  ])('%s is day %s of period %s, monthly due=%s', (instant, day, period, due) => {
    expect(utcDay(new Date(instant))).toBe(day);
    expect(monthlyPeriod(day)).toBe(period);
    expect(isMonthlyRunDue(day)).toBe(due);
  });

  it('keys due-date runs by receivable and tells the kinds apart', () => {
    expect(dueDatePeriod(42n)).toBe('due:42');
    expect(frequencyOfPeriod('due:42')).toBe('dueDate');
    expect(frequencyOfPeriod('2025-06')).toBe('monthly');
  });
});

describe('autopayAmountMinor', () => {
  it.each([
    ['full balance', 'full', null, 12345n, 12345n],
    ['full with nothing open', 'full', null, 0n, 0n],
    ['fixed below the balance', 'fixed', 10000n, 12345n, 10000n],
    ['fixed above the balance: only what is open', 'fixed', 10000n, 2500n, 2500n],
    ['fixed with nothing open', 'fixed', 10000n, 0n, 0n],
  ] as const)('%s', (_name, amountType, fixedAmountMinor, open, expected) => {
    expect(autopayAmountMinor({ amountType, fixedAmountMinor }, open)).toBe(expected);
  });
});

describe('nextRunDate', () => {
  it.each([
    ['monthly before the 15th', { frequency: 'monthly', today: '2025-06-03', chargedThisMonth: false, unchargedDueDates: [] }, '2025-06-15'],
    ['monthly on the 15th, not yet charged', { frequency: 'monthly', today: '2025-06-15', chargedThisMonth: false, unchargedDueDates: [] }, '2025-06-15'],
    ['monthly after the 15th, charged', { frequency: 'monthly', today: '2025-06-20', chargedThisMonth: true, unchargedDueDates: [] }, '2025-07-15'],
    ['monthly in December, charged', { frequency: 'monthly', today: '2025-12-16', chargedThisMonth: true, unchargedDueDates: [] }, '2026-01-15'],
    ['due date ahead', { frequency: 'dueDate', today: '2025-06-03', chargedThisMonth: false, unchargedDueDates: ['2025-07-01', '2025-06-21'] }, '2025-06-21'],
    ['due date passed', { frequency: 'dueDate', today: '2025-06-03', chargedThisMonth: false, unchargedDueDates: ['2025-05-21'] }, '2025-06-03'],
    ['nothing owing', { frequency: 'dueDate', today: '2025-06-03', chargedThisMonth: false, unchargedDueDates: [] }, null],
  ] as const)('%s', (_name, input, expected) => {
    expect(nextRunDate(input)).toBe(expected);
  });
});

describe('announcing automatic payments 3 days ahead', () => {
  it.each([
    ['2026-11-25', '2026-11-25', false], // today: too late to announce
    ['2026-11-26', '2026-11-25', true],
    ['2026-11-28', '2026-11-25', true], // three days ahead
    ['2026-11-29', '2026-11-25', false], // four
    ['2027-01-01', '2026-12-30', true], // across the year
  ])('a run on %s is announced on %s: %s', (runDay, today, announced) => {
    expect(isAnnouncedOn(runDay, today)).toBe(announced);
  });

  it.each([
    ['2026-11-11', null],
    ['2026-11-12', '2026-11-15'],
    ['2026-11-14', '2026-11-15'],
    ['2026-11-15', null],
    ['2026-11-25', null],
  ])('on %s the monthly run to announce is %s', (today, runDay) => {
    expect(monthlyRunToAnnounce(today)).toBe(runDay);
  });

  it('adds calendar days', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
  });
});
