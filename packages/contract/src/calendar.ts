/**
 * Calendar days of an account: which day an instant falls on, and when a day or a month begins, in an
 * IANA time zone (the account's, `accountTimeZone`). The zone arithmetic is @date-fns/tz's, so days
 * that a DST change makes 23 or 25 hours long, and zones whose clocks skip midnight, come out right.
 */
import { TZDateMini } from '@date-fns/tz';

/** Days are `YYYY-MM-DD`, as every date of the contract. */
const parts = (day: string): [number, number, number] => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return [year, month - 1, date];
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (`YYYY-MM-DD`) of `instant` in `timeZone`. */
export const dayIn = (timeZone: string, instant: Date | number): string => {
  const local = new TZDateMini(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
};

/** The instant `day` begins in `timeZone`: its midnight, or the first minute its clock shows when DST skips midnight. */
export const startOfDayIn = (timeZone: string, day: string): Date => {
  const [year, month, date] = parts(day);
  return new Date(new TZDateMini(year, month, date, timeZone).getTime());
};

/** The day after `day` (`YYYY-MM-DD`), on the calendar alone. */
export const nextDay = (day: string): string => {
  const [year, month, date] = parts(day);
  return new Date(Date.UTC(year, month, date + 1)).toISOString().slice(0, 10);
};

/** The instants [from, until) that the days `first`…`last` (both included) cover in `timeZone`. */
export const daysSpanIn = (timeZone: string, first: string, last: string): { from: Date; until: Date } => ({
  from: startOfDayIn(timeZone, first),
  until: startOfDayIn(timeZone, nextDay(last)),
});

/** The first and last day of the calendar month that `instant` falls in, in `timeZone`. */
export const monthIn = (timeZone: string, instant: Date | number): { start: string; end: string } => {
  const [year, month] = parts(dayIn(timeZone, instant));
  const lastDate = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return { start: `${pad(year, 4)}-${pad(month + 1)}-01`, end: `${pad(year, 4)}-${pad(month + 1)}-${pad(lastDate)}` };
};
