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
 * `neutralisedCellSql` around each text column (numeric columns are typed in the database and never
 * hold text).
 */

/** The UTF-8 byte-order mark a CSV download starts with. */
export const UTF8_BOM = '\uFEFF';

/** First characters that make a spreadsheet read a cell as a formula. */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

const SIGNED_NUMBER = /^[+-][0-9.]+$/;

/** The cell as a spreadsheet must show it: prefixed with an apostrophe when it would start a formula. */
export const neutralisedCell = (value: string): string =>
  FORMULA_TRIGGERS.includes(value.charAt(0)) && !SIGNED_NUMBER.test(value) ? `'${value}` : value;

const sqlText = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/**
 * The same rule in SQL around one text column expression, for the exports COPY formats. `chr()` spells
 * the tab and carriage return, so the statement needs no escape-string syntax.
 */
export const neutralisedCellSql = (expression: string): string => {
  const triggers = FORMULA_TRIGGERS.map((c) => (c === '\t' ? 'chr(9)' : c === '\r' ? 'chr(13)' : sqlText(c))).join(', ');
  const rest = `substr(${expression}, 2)`;
  return `case when left(${expression}, 1) in (${triggers}) and not (left(${expression}, 1) in ('+', '-') and ${rest} <> '' and translate(${rest}, '0123456789.', '') = '') then '''' || ${expression} else ${expression} end`;
};

/** One field, neutralised, then quoted when it holds a comma, a quote or a line break (quotes doubled). */
export const csvField = (value: string): string => {
  const cell = neutralisedCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
};

/** One record, ended by a line feed as PostgreSQL's COPY ends the CDR export's (one style across downloads). */
export const csvRecord = (fields: readonly string[]): string => `${fields.map(csvField).join(',')}\n`;
