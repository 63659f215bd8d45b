import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { textProblem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { compileFilter } from './compile';
import { FilterError } from './errors';
import { mixedFields as fields } from './filter.fixtures';
import { compileOrderBy } from './orderby';

const dialect = new PgDialect();

/**
 * Runs `compile`; passes when it throws a well-formed FilterError or succeeds with SQL that holds
 * nothing the caller wrote (no quote or statement break); fails on any other outcome.
 */
const onlyFilterErrors = (text: string, compile: () => SQL | SQL[] | undefined): void => {
  try {
    const compiled = compile();
    for (const fragment of Array.isArray(compiled) ? compiled : compiled ? [compiled] : []) {
      const rendered = dialect.sqlToQuery(fragment).sql;
      expect(rendered).not.toContain("'");
      expect(rendered).not.toContain(';');
    }
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    expect(error.position).toBeGreaterThanOrEqual(0);
    expect(error.position).toBeLessThanOrEqual(text.length);
    expect(error.message).toBe(`${error.reason} at position ${error.position}`);
  }
};

const FRAGMENTS = [
  'AccountId',
  'State',
  'EndDate',
  'PostedDate',
  'InvoiceNumber',
  'Amount',
  'IsDefault',
  'ExpYear',
  'Quantity',
  'ListName',
  'Foo',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
  '!',
  '(',
  ')',
  '.',
  ',',
  '=',
  '&',
  '|',
  "'",
  '#',
  '-',
  '"',
  'contains',
  'startsWith',
  'endsWith',
  'like',
  '("x")',
  '"x"',
  '"a\\"b"',
  '"\\u00e9"',
  '"\\q"',
  '\\',
  '123',
  '-1.5',
  '1.234',
  '1e5',
  '9223372036854775808',
  '2025-01-31',
  '2025-02-30',
  '2025-01-31T10:00:00Z',
  '"2025-01-31"',
  'true',
  'false',
  'null',
  'asc',
  'desc',
  ' ',
  '\n',
  '\u0000',
  '😀',
] as const;

const tokenSoup = fc
  .array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 })
  .chain((parts) => fc.constantFrom('', ' ').map((separator) => parts.join(separator)));

describe('hostile input', () => {
  it('random strings never throw anything but FilterError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 })), (text) => {
        onlyFilterErrors(text, () => compileFilter(text, fields));
        onlyFilterErrors(text, () => compileOrderBy(text, fields));
      }),
      { numRuns: 2000 },
    );
  });

  it('random token soup never throws anything but FilterError', () => {
    fc.assert(
      fc.property(tokenSoup, (text) => {
        onlyFilterErrors(text, () => compileFilter(text, fields));
        onlyFilterErrors(text, () => compileOrderBy(text, fields));
      }),
      { numRuns: 5000 },
    );
  });

  it('long repetitions of any fragment stay bounded errors', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FRAGMENTS), fc.integer({ min: 1, max: 2500 }), (fragment, times) => {
        const text = fragment.repeat(times);
        onlyFilterErrors(text, () => compileFilter(text, fields));
      }),
      { numRuns: 500 },
    );
  });
});

/** A generated filter: its text and the parameters it must compile to, in order. */
interface Generated {
  text: string;
  params: unknown[];
}

// Strings that would break out of an inlined SQL literal or comment, in any position.
const DANGEROUS = ["'", "''", ';', '--', '/*', '*/', "' OR '1'='1", "'; DROP TABLE invoices; --", '$1', '\\', '%', '_', '"'];
const hostileString = fc
  .tuple(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom(...DANGEROUS), fc.string({ maxLength: 12 }))
  .map(([before, danger, after]) => `${before}${danger}${after}`)
  // Text with control characters or lone surrogates is refused before it reaches SQL (tokenizer tests).
  .filter((text) => textProblem(text) === null);

const COMPARISONS = ['==', '!=', '<', '<=', '>', '>='] as const;
const MIRROR = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const;
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `Field op literal`, or mirrored `literal op' Field` (same meaning, same parameters). */
const comparison = (
  field: string,
  operators: readonly (keyof typeof MIRROR)[],
  literal: fc.Arbitrary<{ text: string; param: unknown }>,
) =>
  fc.tuple(fc.constantFrom(...operators), literal, fc.boolean()).map(([operator, value, mirrored]): Generated => ({
    text: mirrored ? `${value.text}${MIRROR[operator]}${field}` : `${field}${operator}${value.text}`,
    params: [value.param],
  }));

const int8 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const amount = fc
  .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.constantFrom('', '.5', '.05', '.50', '.99'))
  .map(([whole, fraction]) => `${whole}${fraction}`);
const dateText = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const leaf: fc.Arbitrary<Generated> = fc.oneof(
  comparison(
    'InvoiceNumber',
    COMPARISONS,
    hostileString.map((value) => ({ text: JSON.stringify(value), param: value })),
  ),
  comparison(
    'State',
    ['==', '!='],
    hostileString.map((value) => ({ text: JSON.stringify(value), param: value })),
  ),
  fc.tuple(fc.constantFrom('contains', 'startsWith', 'endsWith'), hostileString).map(([method, value]): Generated => {
    const escaped = likeEscape(value);
    const pattern = method === 'contains' ? `%${escaped}%` : method === 'startsWith' ? `${escaped}%` : `%${escaped}`;
    return { text: `InvoiceNumber.${method}(${JSON.stringify(value)})`, params: [pattern] };
  }),
  comparison(
    'AccountId',
    COMPARISONS,
    int8.map((value) => ({ text: value.toString(), param: value })),
  ),
  comparison(
    'ExpYear',
    COMPARISONS,
    int8.map((value) => ({ text: value.toString(), param: value })),
  ),
  comparison(
    'Amount',
    COMPARISONS,
    amount.map((value) => ({ text: value, param: value })),
  ),
  comparison(
    'EndDate',
    COMPARISONS,
    dateText.map((value) => ({ text: value, param: value })),
  ),
  comparison(
    'EndDate',
    COMPARISONS,
    dateText.map((value) => ({ text: JSON.stringify(value), param: value })),
  ),
  comparison(
    'IsDefault',
    ['==', '!='],
    fc.boolean().map((value) => ({ text: String(value), param: value })),
  ),
  fc.constantFrom('==', '!=').map((operator): Generated => ({ text: `PostedDate${operator}null`, params: [] })),
  fc.constant<Generated>({ text: 'IsDefault', params: [] }),
);

const filter = fc.letrec<{ node: Generated }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 4, depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(tie('node'), fc.constantFrom('&&', '||'), tie('node')).map(([left, operator, right]) => ({
      text: `(${left.text}) ${operator} (${right.text})`,
      params: [...left.params, ...right.params],
    })),
    tie('node').map((inner) => ({ text: `!(${inner.text})`, params: inner.params })),
  ),
})).node;

describe('well-formed filters', () => {
  it('compile, with every literal bound as a parameter and none in the SQL text', () => {
    fc.assert(
      fc.property(filter, (generated) => {
        const compiled = compileFilter(generated.text, fields) as SQL;
        const { sql: text, params } = dialect.sqlToQuery(compiled);
        expect(params).toEqual(generated.params);
        // Nothing the caller wrote reaches the SQL text: no quotes, statement breaks or comments.
        for (const forbidden of ["'", ';', '--', '/*', '*/', '\\', '%']) expect(text).not.toContain(forbidden);
        for (const param of params) {
          if (typeof param === 'string' && param.length > 3) expect(text).not.toContain(param);
        }
        // Every placeholder is numbered in order, one per parameter.
        expect(text.match(/\$\d+/g) ?? []).toEqual(params.map((_, index) => `$${index + 1}`));
      }),
      { numRuns: 1000 },
    );
  });
});
