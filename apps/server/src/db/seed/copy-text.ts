/**
 * PostgreSQL COPY text format (the default of `COPY … FROM STDIN`): one line per row, columns
 * separated by tabs, `\N` for NULL, backslash escapes for backslash, tab, newline and carriage
 * return. Both drivers load it: PostgreSQL streams it, PGlite reads it from a Blob.
 */
import { DAY_SECONDS, isoDay } from './calendar';

export type Cell = string | number | bigint | boolean | Date | null | readonly string[];

export const NULL_CELL = '\\N';
const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_GLOBAL = /[\\\t\n\r]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export const escapeText = (text: string): string =>
  SPECIAL.test(text) ? text.replace(SPECIAL_GLOBAL, (c) => ESCAPES[c]!) : text;

/** A text[] literal such as {Admin,"two words"}; every element is quoted so no content is special. */
export const arrayLiteral = (items: readonly string[]): string =>
  `{${items.map((item) => `"${item.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

export const encodeCell = (value: Cell): string => {
  if (value === null) return NULL_CELL;
  switch (typeof value) {
    case 'string':
      return escapeText(value);
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError(`Cannot write ${value} to the database`);
      return String(value);
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return value instanceof Date ? value.toISOString() : escapeText(arrayLiteral(value));
  }
};

export const encodeRow = (cells: readonly Cell[]): string => {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? '' : '\t') + encodeCell(cells[i]!);
  return `${line}\n`;
};

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/**
 * Epoch seconds → 'YYYY-MM-DD HH:MM:SS+00' for timestamptz columns, without a Date per row: the
 * records of an invoice arrive in time order, so the day text is nearly always the cached one.
 */
export class TimestampFormatter {
  private day = Number.NaN;
  private dayText = '';

  format(epochSeconds: number): string {
    const second = epochSeconds % DAY_SECONDS;
    const day = (epochSeconds - second) / DAY_SECONDS;
    if (day !== this.day) {
      this.day = day;
      this.dayText = `${isoDay(day)} `;
    }
    const minutes = (second - (second % 60)) / 60;
    return `${this.dayText}${TWO_DIGITS[(minutes - (minutes % 60)) / 60]}:${TWO_DIGITS[minutes % 60]}:${TWO_DIGITS[second % 60]}+00`;
  }
}
