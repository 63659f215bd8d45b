/**
 * CSV written for spreadsheets: RFC 4180 quoting, a UTF-8 byte-order mark first (so accents read as
 * UTF-8), and no cell a spreadsheet would run as a formula. Pure.
 *
 * Formula neutralisation (OWASP "CSV Injection"): a text cell starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return gets a leading apostrophe, so spreadsheets show it as text. One exception: a
 * sign followed only by digits and points ("-12.50", "+14165550134") is left as it is: spreadsheets
 * read it as a number, and it can name no function, reference or other program. So amounts, which
 * are our own numeric columns, stay numbers, and so do phone numbers. Every export applies the rule:
 * the ones written here through `csvField`, the ones PostgreSQL's COPY writes through
 * `neutralisedCellSql` around each free-text column (numeric columns are typed in the database and
 * never hold text).
 */

/** The UTF-8 byte-order mark a CSV download starts with. */
export const UTF8_BOM = '\uFEFF';

/** First characters that make a spreadsheet read a cell as a formula. */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

const SIGNED_NUMBER = /^[+-][0-9.]+$/;

/** The cell as a spreadsheet must show it: prefixed with an apostrophe when it would start a formula. */
export const neutralisedCell = (value: string): string =>
  FORMULA_TRIGGERS.includes(value.charAt(0)) && !SIGNED_NUMBER.test(value) ? `'${value}` : value;

/**
 * The same rule in SQL around one text column expression, for the exports COPY formats. The first
 * character is tested by its code (`ascii`, nearly free per row); only a cell starting with a sign
 * pays for the regular expression.
 */
export const neutralisedCellSql = (expression: string): string => {
  const codes = (characters: readonly string[]) => characters.map((c) => c.charCodeAt(0)).join(', ');
  const startsWithSign = `ascii(${expression}) in (${codes(['+', '-'])})`;
  return `case when ascii(${expression}) in (${codes(FORMULA_TRIGGERS)}) and not (${startsWithSign} and ${expression} ~ '${SIGNED_NUMBER.source}') then '''' || ${expression} else ${expression} end`;
};

/** One field, neutralised, then quoted when it holds a comma, a quote or a line break (quotes doubled). */
export const csvField = (value: string): string => {
  const cell = neutralisedCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
};

/** One record, ended by a line feed as PostgreSQL's COPY ends the CDR export's (one style across downloads). */
export const csvRecord = (fields: readonly string[]): string => `${fields.map(csvField).join(',')}\n`;
