/**
 * Calendar arithmetic on UTC day numbers (days since 1970-01-01). Billing periods are calendar
 * months and the database keeps them as `date`, so whole days in UTC are exact and cheap: no time
 * zone or daylight-saving surprises, and no Date objects in the generator's hot loops.
 */

import { startOfDayIn } from '@portal/contract';

export const DAY_SECONDS = 86_400;
const DAY_MS = DAY_SECONDS * 1000;

/** The UTC day an instant falls on. */
export const dayOf = (instant: Date): number => Math.floor(instant.getTime() / DAY_MS);

export const dayFromYmd = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) / DAY_MS;

export const ymdOf = (day: number): { year: number; month: number; day: number } => {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

// A load formats the same few hundred days millions of times (CDR start times): remember them.
const isoDays = new Map<number, string>();

/** 'YYYY-MM-DD', the text form of a `date` column. */
export const isoDay = (day: number): string => {
  let text = isoDays.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoDays.set(day, text);
  }
  return text;
};

// A load asks for the same few hundred local midnights once per invoice: remember them.
const zoneDayStarts = new Map<string, number>();

/** Epoch seconds at which calendar day `day` begins in `timeZone` (a DST change makes some days 23 or 25 hours). */
export const dayStartIn = (timeZone: string, day: number): number => {
  const key = `${timeZone} ${day}`;
  let second = zoneDayStarts.get(key);
  if (second === undefined) {
    second = startOfDayIn(timeZone, isoDay(day)).getTime() / 1000;
    zoneDayStarts.set(key, second);
  }
  return second;
};

/** The instant `secondOfDay` seconds into a UTC day. */
export const instantOf = (day: number, secondOfDay = 0): Date => new Date((day * DAY_SECONDS + secondOfDay) * 1000);

export interface Period {
  /** First day of the calendar month. */
  start: number;
  /** Last day of the calendar month (inclusive, as invoices state it). */
  end: number;
}

/** The calendar month containing `day`. */
export const monthOf = (day: number): Period => {
  const { year, month } = ymdOf(day);
  return { start: dayFromYmd(year, month, 1), end: dayFromYmd(year, month + 1, 1) - 1 };
};

/** The calendar month `offset` months from the one containing `day` (negative = earlier). */
export const monthAt = (day: number, offset: number): Period => {
  const { year, month } = ymdOf(day);
  return { start: dayFromYmd(year, month + offset, 1), end: dayFromYmd(year, month + offset + 1, 1) - 1 };
};

/**
 * The `count` complete calendar months before the month of `today`, oldest first: the periods of
 * the posted invoices (the current month is still being billed).
 */
export const completedMonths = (today: number, count: number): Period[] =>
  Array.from({ length: count }, (_, i) => monthAt(today, i - count));

/** Invoices are due three weeks after their period ends (decision of the demo set). */
export const DUE_AFTER_DAYS = 21;
export const dueDayOf = (period: Period): number => period.end + DUE_AFTER_DAYS;
/** An invoice is posted (issued) the day after its period ends. */
export const postedDayOf = (period: Period): number => period.end + 1;
