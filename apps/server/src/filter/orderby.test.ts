import { asc, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { invoices } from '../db/schema';
import { FilterError } from './errors';
import { accountFields, invoiceFields } from './filter.fixtures';
import { compileOrderBy, MAX_ORDER_BY_LENGTH, type OrderByOptions } from './orderby';

const dialect = new PgDialect();
/** The ORDER BY list as PostgreSQL would receive it. */
const render = (order: SQL[]) => dialect.sqlToQuery(sql.join(order, sql`, `)).sql;

const errorOf = (text: string): FilterError => {
  try {
    compileOrderBy(text, invoiceFields);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`compiled without error: ${text}`);
};

const I = '"invoices"';

describe('compileOrderBy', () => {
  it.each([undefined, '', '   '])('answers no order for %j', (text) => {
    expect(compileOrderBy(text, invoiceFields)).toEqual([]);
  });

  it.each<[string, string]>([
    ['EndDate', `${I}."end_date" asc`],
    ['EndDate asc', `${I}."end_date" asc`],
    ['EndDate desc', `${I}."end_date" desc`],
    ['enddate DESC', `${I}."end_date" desc`],
    ['EndDate Asc', `${I}."end_date" asc`],
    ['EndDate desc, InvoiceNumber desc', `${I}."end_date" desc, ${I}."invoice_number" desc`],
    ['InvoiceNumber desc', `${I}."invoice_number" desc`],
    ['  EndDate\tdesc ,InvoiceNumber,Amount  desc  ', `${I}."end_date" desc, ${I}."invoice_number" asc, ${I}."amount" desc`],
    ['CreatedAt desc', `${I}."created_at" desc`],
  ])('%s', (text, expected) => {
    expect(render(compileOrderBy(text, invoiceFields))).toBe(expected);
  });

  it('sorts by an SQL expression field', () => {
    expect(render(compileOrderBy('listName asc', accountFields))).toBe(
      'coalesce("accounts"."invoice_name", "accounts"."name") asc',
    );
  });

  it.each<[string | undefined, OrderByOptions, string]>([
    [undefined, { tieBreaker: invoices.id }, `${I}."id" asc`],
    ['EndDate desc', { tieBreaker: invoices.id }, `${I}."end_date" desc, ${I}."id" desc`],
    [
      'EndDate desc, InvoiceNumber',
      { tieBreaker: invoices.id },
      `${I}."end_date" desc, ${I}."invoice_number" asc, ${I}."id" asc`,
    ],
    ['Id desc', { tieBreaker: invoices.id }, `${I}."id" desc`],
    ['EndDate, id desc', { tieBreaker: invoices.id }, `${I}."end_date" asc, ${I}."id" desc`],
    ['EndDate', {}, `${I}."end_date" asc`],
  ])('appends the tie-breaker: %j', (text, options, expected) => {
    expect(render(compileOrderBy(text, invoiceFields, options))).toBe(expected);
  });

  it('returns drizzle order expressions', () => {
    expect(dialect.sqlToQuery(compileOrderBy('Amount', invoiceFields)[0]!)).toEqual(dialect.sqlToQuery(asc(invoices.amount)));
  });

  it.each<[string, string]>([
    ['Foo', "Unknown field 'Foo' at position 0"],
    ['EndDate desc, Foo desc', "Unknown field 'Foo' at position 14"],
    ['Currency', "Field 'Currency' cannot be used to sort at position 0"],
    ['EndDate, enddate desc', "Field 'EndDate' appears more than once at position 9"],
    ['EndDate up', "Expected 'asc' or 'desc' but found 'up' at position 8"],
    ['EndDate descending', "Expected 'asc' or 'desc' but found 'descending' at position 8"],
    ['EndDate desc desc', "Expected ',' but found 'desc' at position 13"],
    ['EndDate-desc', "Expected ',' but found '-' at position 7"],
    ['EndDate;drop table invoices', "Expected ',' but found ';' at position 7"],
    ['EndDate,', 'Expected a field name but found the end at position 8'],
    ['EndDate, ', 'Expected a field name but found the end at position 9'],
    [',EndDate', "Expected a field name but found ',' at position 0"],
    ['EndDate,,Amount', "Expected a field name but found ',' at position 8"],
    ['1EndDate', "Expected a field name but found '1EndDate' at position 0"],
    ['"EndDate"', `Expected a field name but found '"' at position 0`],
    ['EndDate desc)', "Expected ',' but found ')' at position 12"],
  ])('%s → %s', (text, message) => {
    const error = errorOf(text);
    expect(error.message).toBe(message);
    expect(error.message).toBe(`${error.reason} at position ${error.position}`);
  });

  it(`rejects text longer than ${MAX_ORDER_BY_LENGTH} characters`, () => {
    expect(`EndDate${' '.repeat(MAX_ORDER_BY_LENGTH - 'EndDatedesc'.length)}desc`).toHaveLength(MAX_ORDER_BY_LENGTH);
    const ok = `EndDate${' '.repeat(MAX_ORDER_BY_LENGTH - 'EndDatedesc'.length)}desc`;
    expect(render(compileOrderBy(ok, invoiceFields))).toBe(`${I}."end_date" desc`);
    expect(errorOf(`${ok} `).message).toBe(
      `orderby is longer than ${MAX_ORDER_BY_LENGTH} characters at position ${MAX_ORDER_BY_LENGTH}`,
    );
  });
});
