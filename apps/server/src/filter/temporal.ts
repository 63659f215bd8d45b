/**
 * Date and date-time literals of dnfilter: ISO 8601 calendar dates (`2025-01-31`) and instants
 * (`2025-01-31T10:00:00Z`, `…T10:00:00.123+02:00`; no offset means UTC). Pure and exact:
 * results are strings PostgreSQL casts to `date`/`timestamptz` the same way in every time zone.
 */
export type TemporalValue =
  | { kind: 'date'; /** `YYYY-MM-DD` */ date: string }
  | {
      kind: 'datetime';
      /** ISO 8601 with an explicit offset, for `::timestamptz`. */
      instant: string;
      /** The calendar date of the instant in UTC, `YYYY-MM-DD`. */
      utcDate: string;
    };

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const MAX_OFFSET_MINUTES = 14 * 60;

const pad = (value: number, length = 2): string => value.toString().padStart(length, '0');

const utcMidnight = (year: number, month: number, day: number): Date => {
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
};

const formatDate = (date: Date): string =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

const isValidDate = (year: number, month: number, day: number): boolean => {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = utcMidnight(year, month, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** Parses a date or date-time literal; `undefined` when it is not a valid one. */
export const parseTemporal = (text: string): TemporalValue | undefined => {
  const match = PATTERN.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (!isValidDate(year, month, day)) return undefined;
  const date = `${y}-${mo}-${d}`;
  if (h === undefined || mi === undefined) return { kind: 'date', date };

  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s ?? '0');
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (offset !== undefined && offset !== 'Z') {
    const offsetHours = Number(offset.slice(1, 3));
    const offsetRest = Number(offset.slice(4, 6));
    if (offsetRest > 59) return undefined;
    offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetRest);
    if (Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) return undefined;
  }
  const utc = utcMidnight(year, month, day);
  utc.setUTCHours(hour, minute - offsetMinutes, second, 0);
  const utcYear = utc.getUTCFullYear();
  if (utcYear < 1 || utcYear > 9999) return undefined;
  return {
    kind: 'datetime',
    instant: `${date}T${h}:${mi}:${s ?? '00'}${fraction ?? ''}${offset ?? 'Z'}`,
    utcDate: formatDate(utc),
  };
};

/** The calendar day after `date` (`YYYY-MM-DD`). */
export const nextDay = (date: string): string => {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  return formatDate(utcMidnight(year, month, day + 1));
};
