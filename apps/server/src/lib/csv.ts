/** CSV written for spreadsheets: RFC 4180 quoting and a UTF-8 byte-order mark first, so accents read as UTF-8. Pure. */

/** The UTF-8 byte-order mark a CSV download starts with. */
export const UTF8_BOM = '\uFEFF';

/** One field, quoted when it holds a comma, a quote or a line break (quotes doubled). */
export const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** One record, ended by a line feed as PostgreSQL's COPY ends the CDR export's (one style across downloads). */
export const csvRecord = (fields: readonly string[]): string => `${fields.map(csvField).join(',')}\n`;
