import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { accounts, invoices } from '../db/schema';
import { compileFilter } from './compile';
import { FilterError } from './errors';
import type { FilterFields } from './fields';
import { mixedFields as fields } from './filter.fixtures';

const dialect = new PgDialect();
const render = (fragment: SQL | undefined) => {
  if (!fragment) return undefined;
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return { sql: text, params };
};

const errorOf = (text: string, allow: FilterFields = fields): FilterError => {
  try {
    compileFilter(text, allow);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`compiled without error: ${text}`);
};

const I = '"invoices"';

describe('compileFilter', () => {
  it.each([undefined, '', '  ', '\t\r\n'])('answers undefined for a missing or blank filter (%j)', (text) => {
    expect(compileFilter(text, fields)).toBeUndefined();
  });

  it.each<[string, string, unknown[]]>([
    // the web app's filters
    ['AccountId==123 && State=="Posted"', `(${I}."account_id" = $1::int8 and ${I}."state" = $2)`, [123n, 'Posted']],
    [
      'AccountId==123 && State=="Posted" && EndDate>=2025-08-22 && InvoiceNumber.contains("INV-00")',
      `(${I}."account_id" = $1::int8 and ${I}."state" = $2 and ${I}."end_date" >= $3::date and ${I}."invoice_number" ilike $4)`,
      [123n, 'Posted', '2025-08-22', '%INV-00%'],
    ],
    ['EndDate>="2025-08-22T10:00:00.000Z"', `${I}."end_date" >= $1::date`, ['2025-08-22']],
    ['EndDate>="2025-08-22"', `${I}."end_date" >= $1::date`, ['2025-08-22']],
    ['EndDate<2025-08-22T23:30:00-02:00', `${I}."end_date" < $1::date`, ['2025-08-23']],
    // ids and integers are bigint parameters, exact beyond 2^53
    ['Id==9223372036854775807', `${I}."id" = $1::int8`, [9223372036854775807n]],
    ['Id>=-9223372036854775808', `${I}."id" >= $1::int8`, [-9223372036854775808n]],
    ['AccountId==007', `${I}."account_id" = $1::int8`, [7n]],
    ['ExpYear>2025', '"payment_methods"."exp_year" > $1::int8', [2025n]],
    ['Expiry<=202512', '("payment_methods"."exp_year" * 100 + "payment_methods"."exp_month") <= $1::int8', [202512n]],
    // money and numbers keep their exact text
    ['Amount>=100.10', `${I}."amount" >= $1::numeric`, ['100.10']],
    ['Amount<-0.5', `${I}."amount" < $1::numeric`, ['-0.5']],
    ['Amount==12345678901234567890', `${I}."amount" = $1::numeric`, ['12345678901234567890']],
    ['Quantity>0.0005', '"charges"."quantity" > $1::numeric', ['0.0005']],
    // literal first: the operator is mirrored
    ['5<AccountId', `${I}."account_id" > $1::int8`, [5n]],
    ['100.00>=Amount', `${I}."amount" <= $1::numeric`, ['100.00']],
    ['"Posted"!=State', `${I}."state" <> $1`, ['Posted']],
    ['2025-01-01<EndDate', `${I}."end_date" > $1::date`, ['2025-01-01']],
    ['null==PostedDate', `${I}."posted_date" is null`, []],
    // every comparison operator
    ['InvoiceNumber=="A"', `${I}."invoice_number" = $1`, ['A']],
    ['InvoiceNumber!="A"', `${I}."invoice_number" <> $1`, ['A']],
    ['InvoiceNumber<"A"', `${I}."invoice_number" < $1`, ['A']],
    ['InvoiceNumber<="A"', `${I}."invoice_number" <= $1`, ['A']],
    ['InvoiceNumber>"A"', `${I}."invoice_number" > $1`, ['A']],
    ['InvoiceNumber>="A"', `${I}."invoice_number" >= $1`, ['A']],
    // != on a nullable column is true for NULL
    ['Brand!="Visa"', '"payment_methods"."brand" <> $1', ['Visa']],
    ['UnitAmount!=1', '"charges"."unit_amount" is distinct from $1::numeric', ['1']],
    ['ListName!="x"', '(coalesce("accounts"."invoice_name", "accounts"."name")) is distinct from $1', ['x']],
    // null
    ['PostedDate==null', `${I}."posted_date" is null`, []],
    ['PostedDate!=NULL', `${I}."posted_date" is not null`, []],
    ['State==null', `${I}."state" is null`, []],
    // date-times
    ['PostedDate>=2025-01-31T10:00:00Z', `${I}."posted_date" >= $1::timestamptz`, ['2025-01-31T10:00:00Z']],
    ['PostedDate<"2025-01-31T10:00:00.5+05:30"', `${I}."posted_date" < $1::timestamptz`, ['2025-01-31T10:00:00.5+05:30']],
    ['PostedDate>2025-01-31T10:00', `${I}."posted_date" > $1::timestamptz`, ['2025-01-31T10:00:00Z']],
    ['PostedDate!=2025-01-31T10:00:00Z', `${I}."posted_date" is distinct from $1::timestamptz`, ['2025-01-31T10:00:00Z']],
    // a date against a date-time field is that whole UTC day
    ['PostedDate>=2025-01-31', `${I}."posted_date" >= $1::timestamptz`, ['2025-01-31T00:00:00Z']],
    ['PostedDate>2025-01-31', `${I}."posted_date" >= $1::timestamptz`, ['2025-02-01T00:00:00Z']],
    ['PostedDate<="2025-01-31"', `${I}."posted_date" < $1::timestamptz`, ['2025-02-01T00:00:00Z']],
    ['PostedDate<2025-01-31', `${I}."posted_date" < $1::timestamptz`, ['2025-01-31T00:00:00Z']],
    [
      'PostedDate==2025-12-31',
      `(${I}."posted_date" >= $1::timestamptz and ${I}."posted_date" < $2::timestamptz)`,
      ['2025-12-31T00:00:00Z', '2026-01-01T00:00:00Z'],
    ],
    [
      'PostedDate!=2024-02-28',
      `(${I}."posted_date" >= $1::timestamptz and ${I}."posted_date" < $2::timestamptz) is not true`,
      ['2024-02-28T00:00:00Z', '2024-02-29T00:00:00Z'],
    ],
    // booleans
    ['IsDefault==true', '"payment_methods"."is_default" = $1', [true]],
    ['IsDefault!=false', '"payment_methods"."is_default" <> $1', [false]],
    ['IsDefault', '"payment_methods"."is_default"', []],
    ['!IsDefault', '("payment_methods"."is_default") is not true', []],
    ['true', '$1::boolean', [true]],
    ['!false', '($1::boolean) is not true', [false]],
    // methods: case-insensitive, LIKE wildcards escaped
    ['InvoiceNumber.contains("inv")', `${I}."invoice_number" ilike $1`, ['%inv%']],
    ['InvoiceNumber.startsWith("INV-")', `${I}."invoice_number" ilike $1`, ['INV-%']],
    ['InvoiceNumber.endsWith("-01")', `${I}."invoice_number" ilike $1`, ['%-01']],
    ['InvoiceNumber.CONTAINS("x")', `${I}."invoice_number" ilike $1`, ['%x%']],
    ['InvoiceNumber.contains("50%_off\\\\")', `${I}."invoice_number" ilike $1`, ['%50\\%\\_off\\\\%']],
    ['InvoiceNumber.contains("")', `${I}."invoice_number" ilike $1`, ['%%']],
    ['ListName.startsWith("a")', '(coalesce("accounts"."invoice_name", "accounts"."name")) ilike $1', ['a%']],
    // field names are case-insensitive
    ['accountid==1 && STATE=="Posted"', `(${I}."account_id" = $1::int8 and ${I}."state" = $2)`, [1n, 'Posted']],
    // logic: flattened chains, parentheses where needed, ! as "is not true"
    ['State=="A" || State=="B" || State=="C"', `(${I}."state" = $1 or ${I}."state" = $2 or ${I}."state" = $3)`, ['A', 'B', 'C']],
    ['Id==1 || Id==2 && Id==3', `(${I}."id" = $1::int8 or (${I}."id" = $2::int8 and ${I}."id" = $3::int8))`, [1n, 2n, 3n]],
    ['(Id==1 || Id==2) && Id==3', `((${I}."id" = $1::int8 or ${I}."id" = $2::int8) and ${I}."id" = $3::int8)`, [1n, 2n, 3n]],
    [
      '(Id==1 && Id==2) && (Id==3 && Id==4)',
      `(${I}."id" = $1::int8 and ${I}."id" = $2::int8 and (${I}."id" = $3::int8 and ${I}."id" = $4::int8))`,
      [1n, 2n, 3n, 4n],
    ],
    ['!(Id==1)', `(${I}."id" = $1::int8) is not true`, [1n]],
    ['!(Id==1 || Id==2)', `(${I}."id" = $1::int8 or ${I}."id" = $2::int8) is not true`, [1n, 2n]],
    ['!!(Id==1)', `((${I}."id" = $1::int8) is not true) is not true`, [1n]],
    [
      '!InvoiceNumber.contains("x") && Id==1',
      `((${I}."invoice_number" ilike $1) is not true and ${I}."id" = $2::int8)`,
      ['%x%', 1n],
    ],
  ])('%s', (text, expectedSql, expectedParams) => {
    expect(render(compileFilter(text, fields))).toEqual({ sql: expectedSql, params: expectedParams });
  });

  it('binds hostile strings as parameters, never as SQL text', () => {
    const hostile = `x' OR '1'='1'; DROP TABLE invoices; --`;
    const rendered = render(
      compileFilter(`State==${JSON.stringify(hostile)} || InvoiceNumber.contains(${JSON.stringify(hostile)})`, fields),
    );
    expect(rendered).toEqual({
      sql: `(${I}."state" = $1 or ${I}."invoice_number" ilike $2)`,
      params: [hostile, `%${hostile}%`],
    });
  });

  it.each<[string, string]>([
    ['Foo==1', "Unknown field 'Foo' at position 0"],
    ['Id==1 && foo.contains("x")', "Unknown field 'foo' at position 9"],
    ['State==5', "Field 'State' cannot be compared with a number at position 7"],
    ['State==true', "Field 'State' cannot be compared with a boolean at position 7"],
    ['InvoiceNumber==2025-01-01', "Field 'InvoiceNumber' cannot be compared with a date at position 15"],
    ['AccountId=="123"', "Field 'AccountId' cannot be compared with a string at position 11"],
    ['AccountId==1.5', "Field 'AccountId' needs a whole number at position 11"],
    ['AccountId==9223372036854775808', "Number '9223372036854775808' is out of range for field 'AccountId' at position 11"],
    ['ExpYear<-9223372036854775809', "Number '-9223372036854775809' is out of range for field 'ExpYear' at position 8"],
    ['Amount>=10.123', "Field 'Amount' needs an amount with at most 2 decimals at position 8"],
    ['Amount>="10.00"', "Field 'Amount' cannot be compared with a string at position 8"],
    ['Quantity==true', "Field 'Quantity' cannot be compared with a boolean at position 10"],
    ['IsDefault==1', "Field 'IsDefault' cannot be compared with a number at position 11"],
    ['EndDate>="abc"', "Invalid date 'abc' for field 'EndDate' (use e.g. 2025-01-31 or 2025-01-31T10:00:00Z) at position 9"],
    [
      'EndDate>="2025-02-30"',
      "Invalid date '2025-02-30' for field 'EndDate' (use e.g. 2025-01-31 or 2025-01-31T10:00:00Z) at position 9",
    ],
    [
      'PostedDate<"yesterday"',
      "Invalid date 'yesterday' for field 'PostedDate' (use e.g. 2025-01-31 or 2025-01-31T10:00:00Z) at position 11",
    ],
    ['EndDate>=20250822', "Field 'EndDate' cannot be compared with a number at position 9"],
    ['PostedDate<null', "Only '==' and '!=' can compare with null at position 10"],
    ['State<"Posted"', "Field 'State' does not support '<' at position 5"],
    ['State.contains("P")', "Field 'State' does not support contains() at position 6"],
    ['CreatedAt==2025-01-01', "Field 'CreatedAt' does not support '==' at position 9"],
    ['IsDefault>false', "Field 'IsDefault' does not support '>' at position 9"],
    ['AccountId.contains("1")', "Field 'AccountId' does not support contains() at position 10"],
    ['InvoiceNumber.like("x")', "Unknown method 'like' (use contains, startsWith or endsWith) at position 14"],
    ['InvoiceNumber.contains()', 'contains() takes one string argument at position 22'],
    ['InvoiceNumber.contains(1)', 'contains() takes one string argument at position 23'],
    ['InvoiceNumber.contains(null)', 'contains() takes one string argument at position 23'],
    ['InvoiceNumber.endsWith("a", "b")', 'endsWith() takes one string argument at position 28'],
    ['Foo.bar("x")', "Unknown method 'bar' (use contains, startsWith or endsWith) at position 4"],
    ['Foo.contains("x")', "Unknown field 'Foo' at position 0"],
    ['State', "Field 'State' is not a true/false field; compare it with a value at position 0"],
    ['Id==1 && 5', 'Expected a condition but found a number at position 9'],
    ['"x" || Id==1', 'Expected a condition but found a string at position 0'],
    ['null', 'Expected a condition but found null at position 0'],
    ['!State=="Posted"', "'!' cannot be compared; write !(…) to negate a comparison at position 0"],
    ['State==!true', "'!' cannot be compared; write !(…) to negate a comparison at position 7"],
    ['State==Currency', 'Cannot compare two fields at position 5'],
    ['1==1', "Expected a field and a value around '==' at position 1"],
    ['(Id==1)==true', "Expected a field and a value around '==' at position 7"],
    ['InvoiceNumber.contains("x")==true', "Expected a field and a value around '==' at position 27"],
    ['Id==1 && Id==', 'Unexpected end of filter at position 13'],
  ])('%s → %s', (text, message) => {
    const error = errorOf(text);
    expect(error.message).toBe(message);
    expect(error.message).toBe(`${error.reason} at position ${error.position}`);
  });

  it('reports the leftmost compile error', () => {
    expect(errorOf('Foo==1 && Bar==2').message).toBe("Unknown field 'Foo' at position 0");
  });

  it('rejects a filter longer than the limit even when it is all blanks', () => {
    expect(errorOf(' '.repeat(2001)).message).toBe('Filter is longer than 2000 characters at position 2000');
  });

  it('refuses a broken allow-list with a programming error, not a FilterError', () => {
    const clash: FilterFields = {
      State: { column: invoices.state, type: 'string' },
      state: { column: invoices.state, type: 'string' },
    };
    expect(() => compileFilter('State=="x"', clash)).toThrow(
      new TypeError("Filter fields 'State' and 'state' differ only by case"),
    );
    const badName: FilterFields = { 'in-valid': { column: invoices.state, type: 'string' } };
    expect(() => compileFilter('x==1', badName)).toThrow(TypeError);
    const methodOnNumber = {
      Amount: { column: invoices.amount, type: 'money', operators: ['contains'] },
    } as unknown as FilterFields;
    expect(() => compileFilter('Amount==1', methodOnNumber)).toThrow(
      new TypeError("Filter field 'Amount' is not a string but allows contains()"),
    );
  });

  it('uses an SQL expression field as one parenthesised operand', () => {
    const allow: FilterFields = { Upper: { column: sql`upper(${accounts.name})`, type: 'string' } };
    expect(render(compileFilter('Upper=="A"', allow))).toEqual({ sql: '(upper("accounts"."name")) = $1', params: ['A'] });
  });
});
