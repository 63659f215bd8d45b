/**
 * Compiled filters and orderings run for real on the test database (PGlite, or PostgreSQL with
 * TEST_DB=postgres), including a model-based check of random filters against a reference evaluator.
 */
import { asc, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../db/client';
import { accounts, invoices, paymentMethods } from '../db/schema';
import { compileFilter } from './compile';
import { accountFields, invoiceFields, paymentMethodFields } from './filter.fixtures';
import { compileOrderBy } from './orderby';

type InvoiceRow = typeof invoices.$inferSelect;

let database: Database;
let alpha: bigint;
let beta: bigint;
let rows: InvoiceRow[];

const INVOICES = [
  {
    key: 'alpha',
    invoiceNumber: 'INV-0001',
    state: 'Posted',
    endDate: '2025-01-31',
    postedDate: '2025-02-01T00:00:00Z',
    amount: '100.00',
  },
  {
    key: 'alpha',
    invoiceNumber: 'INV-0002',
    state: 'Posted',
    endDate: '2025-02-28',
    postedDate: '2025-03-01T09:30:00Z',
    amount: '100.10',
  },
  { key: 'alpha', invoiceNumber: 'INV-0003', state: 'Draft', endDate: '2025-03-31', postedDate: null, amount: '0.00' },
  {
    key: 'alpha',
    invoiceNumber: 'INV-0010',
    state: 'Void',
    endDate: '2025-04-30',
    postedDate: '2025-05-01T23:59:59.999Z',
    amount: '-5.50',
  },
  {
    key: 'beta',
    invoiceNumber: 'inv-50%_off',
    state: 'Posted',
    endDate: '2025-08-22',
    postedDate: '2025-08-22T10:00:00Z',
    amount: '1234.56',
  },
  {
    key: 'beta',
    invoiceNumber: 'INV\\X',
    state: 'Posted',
    endDate: '2025-08-21',
    postedDate: '2025-08-21T23:00:00-02:00',
    amount: '99.99',
  },
  {
    key: 'beta',
    invoiceNumber: 'INV-5000',
    state: 'Posted',
    endDate: '2025-09-30',
    postedDate: '2025-10-01T00:00:00Z',
    amount: '100.10',
  },
  { key: 'alpha', invoiceNumber: 'X-0001', state: 'Draft', endDate: '2024-12-31', postedDate: null, amount: '25.00' },
] as const;

const account = (n: number, name: string, invoiceName: string | null, parentId: bigint | null = null) => ({
  customerNo: `FILTER-${n}`,
  name,
  invoiceName,
  type: 'Residential',
  currency: 'CAD',
  language: 'English' as const,
  paymentMethod: 'Credit Card' as const,
  parentId,
});

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [a, b] = await db
    .insert(accounts)
    .values([account(1, 'Alpha', 'Alpha Billing'), account(2, 'Beta', null)])
    .returning({ id: accounts.id });
  alpha = a!.id;
  beta = b!.id;
  await db.insert(accounts).values(account(3, 'Child', 'Child Billing', alpha));
  await db.insert(invoices).values(
    INVOICES.map(({ key, postedDate, ...invoice }) => ({
      ...invoice,
      accountId: key === 'alpha' ? alpha : beta,
      startDate: '2024-12-01',
      dueDate: '2025-12-31',
      postedDate: postedDate === null ? null : new Date(postedDate),
      currency: 'CAD',
    })),
  );
  rows = await db.select().from(invoices).orderBy(asc(invoices.id));
  await db.insert(paymentMethods).values([
    {
      accountId: alpha,
      provider: 'sandbox',
      providerRef: 'pm_1',
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
    },
    {
      accountId: alpha,
      provider: 'sandbox',
      providerRef: 'pm_2',
      brand: 'Mastercard',
      last4: '4444',
      expMonth: 1,
      expYear: 2025,
    },
    { accountId: beta, provider: 'sandbox', providerRef: 'pm_3', brand: 'Amex', last4: '0005', expMonth: 6, expYear: 2026 },
  ]);
});

afterAll(async () => {
  await database?.close();
});

/** Invoice numbers the filter selects: in the given order, else sorted here (collations differ). */
const invoiceNumbers = async (filter: string | undefined, orderby?: string): Promise<string[]> => {
  const found = await database.db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(compileFilter(filter, invoiceFields))
    .orderBy(...compileOrderBy(orderby, invoiceFields, { tieBreaker: invoices.id }));
  const numbers = found.map((row) => row.invoiceNumber);
  return orderby === undefined ? numbers.sort() : numbers;
};

describe('filters on invoices', () => {
  it.each<[string, string[]]>([
    ['AccountId=={alpha} && State=="Posted"', ['INV-0001', 'INV-0002']],
    [
      'AccountId=={beta} && State=="Posted" && EndDate>=2025-08-22 && InvoiceNumber.contains("inv-")',
      ['INV-5000', 'inv-50%_off'],
    ],
    ['EndDate>="2025-08-22T10:00:00.000Z"', ['INV-5000', 'inv-50%_off']],
    ['EndDate>=2025-08-22T23:30:00-02:00', ['INV-5000']],
    ['EndDate<=2024-12-31 || EndDate==2025-01-31', ['INV-0001', 'X-0001']],
    ['AccountId==9223372036854775807', []],
    // LIKE wildcards in the argument match literally
    ['InvoiceNumber.contains("%")', ['inv-50%_off']],
    ['InvoiceNumber.contains("_")', ['inv-50%_off']],
    ['InvoiceNumber.contains("\\\\")', ['INV\\X']],
    ['InvoiceNumber.contains("0%_O")', ['inv-50%_off']],
    ['InvoiceNumber.startsWith("inv-00")', ['INV-0001', 'INV-0002', 'INV-0003', 'INV-0010']],
    ['InvoiceNumber.endsWith("01")', ['INV-0001', 'X-0001']],
    ['InvoiceNumber=="inv-0001"', []],
    // null and two-valued logic
    ['PostedDate==null', ['INV-0003', 'X-0001']],
    ['PostedDate!=null && State!="Posted"', ['INV-0010']],
    ['!(State=="Posted")', ['INV-0003', 'INV-0010', 'X-0001']],
    ['!(PostedDate>=2025-08-01)', ['INV-0001', 'INV-0002', 'INV-0003', 'INV-0010', 'X-0001']],
    // a bare date against a date-time field is that whole UTC day
    ['PostedDate==2025-08-22', ['INV\\X', 'inv-50%_off']],
    ['PostedDate!=2025-08-22', ['INV-0001', 'INV-0002', 'INV-0003', 'INV-0010', 'INV-5000', 'X-0001']],
    ['PostedDate>2025-08-21 && PostedDate<=2025-08-22', ['INV\\X', 'inv-50%_off']],
    ['PostedDate>=2025-08-22T10:00:00Z', ['INV-5000', 'inv-50%_off']],
    ['PostedDate<"2025-02-01T00:00:00.001Z"', ['INV-0001']],
    ['PostedDate=="2025-05-01T23:59:59.999Z"', ['INV-0010']],
    // money is exact
    ['Amount>=100.10', ['INV-0002', 'INV-5000', 'inv-50%_off']],
    ['Amount==100', ['INV-0001']],
    ['Amount<0', ['INV-0010']],
    ['State!="Posted" || Amount<0', ['INV-0003', 'INV-0010', 'X-0001']],
    ['', ['INV-0001', 'INV-0002', 'INV-0003', 'INV-0010', 'INV-5000', 'INV\\X', 'X-0001', 'inv-50%_off']],
  ])('%s', async (filter, expected) => {
    const text = filter.replace('{alpha}', String(alpha)).replace('{beta}', String(beta));
    expect(await invoiceNumbers(text)).toEqual([...expected].sort());
  });
});

describe('orderings', () => {
  it('sorts the invoice list by EndDate descending', async () => {
    expect(await invoiceNumbers(`AccountId==${alpha}`, 'EndDate desc')).toEqual([
      'INV-0010',
      'INV-0003',
      'INV-0002',
      'INV-0001',
      'X-0001',
    ]);
  });

  it('takes the dashboard invoices by InvoiceNumber descending', async () => {
    const found = await database.db
      .select({ invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(compileFilter(`AccountId==${alpha} && State=="Posted"`, invoiceFields))
      .orderBy(...compileOrderBy('InvoiceNumber desc', invoiceFields, { tieBreaker: invoices.id }))
      .limit(2);
    expect(found.map((row) => row.invoiceNumber)).toEqual(['INV-0002', 'INV-0001']);
  });

  it('breaks ties with the tie-breaker in the direction of the last key', async () => {
    expect(await invoiceNumbers('Amount>=100.10', 'Amount')).toEqual(['INV-0002', 'INV-5000', 'inv-50%_off']);
    expect(await invoiceNumbers('Amount>=100.10', 'Amount desc')).toEqual(['inv-50%_off', 'INV-5000', 'INV-0002']);
  });

  it('sorts by several keys', async () => {
    expect(await invoiceNumbers('', 'State desc, Amount desc')).toEqual([
      'INV-0010',
      'inv-50%_off',
      'INV-5000',
      'INV-0002',
      'INV-0001',
      'INV\\X',
      'X-0001',
      'INV-0003',
    ]);
  });
});

describe('filters on other resources', () => {
  it('compares nullable ids and text, and SQL expression fields (accounts)', async () => {
    const names = async (filter: string, orderby = 'ListName') =>
      (
        await database.db
          .select({ name: accounts.name })
          .from(accounts)
          .where(compileFilter(filter, accountFields))
          .orderBy(...compileOrderBy(orderby, accountFields, { tieBreaker: accounts.id }))
      ).map((row) => row.name);
    expect(await names('ParentId==null')).toEqual(['Alpha', 'Beta']);
    expect(await names(`ParentId==${alpha}`)).toEqual(['Child']);
    expect(await names('InvoiceName!="Alpha Billing"')).toEqual(['Beta', 'Child']);
    expect(await names('!(InvoiceName=="Alpha Billing")', 'listName desc')).toEqual(['Child', 'Beta']);
    expect(await names('ListName.startsWith("be") || ListName.endsWith("BILLING")')).toEqual(['Alpha', 'Beta', 'Child']);
  });

  it('filters booleans and integers (payment methods)', async () => {
    const brands = async (filter: string) =>
      (
        await database.db
          .select({ brand: paymentMethods.brand })
          .from(paymentMethods)
          .where(compileFilter(filter, paymentMethodFields))
          .orderBy(...compileOrderBy('Brand', paymentMethodFields))
      ).map((row) => row.brand);
    expect(await brands('IsDefault')).toEqual(['Visa']);
    expect(await brands('!IsDefault')).toEqual(['Amex', 'Mastercard']);
    expect(await brands('IsDefault==false')).toEqual(['Amex', 'Mastercard']);
    expect(await brands('ExpYear>=2026 && ExpYear<99999999999')).toEqual(['Amex', 'Visa']);
    expect(await brands('Expiry<202607')).toEqual(['Amex', 'Mastercard']);
    expect(await brands('true')).toEqual(['Amex', 'Mastercard', 'Visa']);
    expect(await brands('false || Brand=="Amex"')).toEqual(['Amex']);
  });
});

// ── Model-based: random filters give the rows a reference evaluator picks ────────────────────

/** A generated filter with its meaning, written independently of the compiler. */
interface Model {
  text: string;
  test: (row: InvoiceRow) => boolean;
}

type Operator = '==' | '!=' | '<' | '<=' | '>' | '>=';
const OPERATORS: readonly Operator[] = ['==', '!=', '<', '<=', '>', '>='];
const MIRROR: Readonly<Record<Operator, Operator>> = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

const holds = <T extends bigint | string>(left: T, operator: Operator, right: T): boolean => {
  switch (operator) {
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
  }
};

/** A comparison with NULL is false, except `!=`. */
const holdsOrNull = <T extends bigint | string>(left: T | null, operator: Operator, right: T): boolean =>
  left === null ? operator === '!=' : holds(left, operator, right);

const cents = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return amount.startsWith('-') ? -value : value;
};
const microseconds = (date: Date): bigint => BigInt(date.getTime()) * 1000n;
const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

const compare = (
  field: string,
  operators: readonly Operator[],
  values: readonly string[],
  quote: fc.Arbitrary<boolean>,
  test: (row: InvoiceRow, operator: Operator, value: string) => boolean,
): fc.Arbitrary<Model> =>
  fc
    .tuple(fc.constantFrom(...operators), fc.constantFrom(...values), quote, fc.boolean())
    .map(([operator, value, quoted, mirrored]) => {
      const literal = quoted ? JSON.stringify(value) : value;
      return {
        text: mirrored ? `${literal}${MIRROR[operator]}${field}` : `${field}${operator}${literal}`,
        test: (row: InvoiceRow) => test(row, operator, value),
      };
    });

const DATES = [
  '2024-12-31',
  '2025-01-31',
  '2025-02-01',
  '2025-02-28',
  '2025-03-15',
  '2025-05-01',
  '2025-08-21',
  '2025-08-22',
  '2025-09-30',
  '2025-10-01',
];
const INSTANTS = [
  '2025-02-01T00:00:00Z',
  '2025-02-01T00:00:00.001Z',
  '2025-03-01T09:30:00.000+00:00',
  '2025-05-01T23:59:59.999Z',
  '2025-05-02T01:59:59.999+02:00',
  '2025-08-21T23:00:00-02:00',
  '2025-08-22T01:00:00Z',
  '2025-08-22T10:00:00Z',
  '2025-08-22T00:00:00+05:00',
  '2025-10-01T00:00',
];
const LIKE_ARGUMENTS = ['inv', 'INV-00', '0001', '%', '_', '\\', '50%_', '%_O', '-', 'x', '', 'OFF', '0', 'inv-5'];
const instant = (text: string) => new Date(/[Zz]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);

const leaf: fc.Arbitrary<Model> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...OPERATORS), fc.constantFrom<'alpha' | 'beta' | 'none'>('alpha', 'beta', 'none'), fc.boolean())
    .map(([operator, which, mirrored]) => {
      const id = () => (which === 'alpha' ? alpha : which === 'beta' ? beta : 0n);
      return {
        get text() {
          return mirrored ? `${id()}${MIRROR[operator]}AccountId` : `AccountId${operator}${id()}`;
        },
        test: (row: InvoiceRow) => holds(row.accountId, operator, id()),
      };
    }),
  compare('State', ['==', '!='], ['Posted', 'Draft', 'Void', 'posted'], fc.constant(true), (row, op, value) =>
    holds(row.state, op, value),
  ),
  compare('InvoiceNumber', ['==', '!='], ['INV-0001', 'inv-0001', 'INV\\X', 'inv-50%_off'], fc.constant(true), (row, op, value) =>
    holds(row.invoiceNumber, op, value),
  ),
  fc
    .tuple(fc.constantFrom('contains', 'startsWith', 'endsWith'), fc.constantFrom(...LIKE_ARGUMENTS))
    .map(([method, argument]) => ({
      text: `InvoiceNumber.${method}(${JSON.stringify(argument)})`,
      test: (row: InvoiceRow) => {
        const [text, part] = [row.invoiceNumber.toLowerCase(), argument.toLowerCase()];
        return method === 'contains'
          ? text.includes(part)
          : method === 'startsWith'
            ? text.startsWith(part)
            : text.endsWith(part);
      },
    })),
  compare('EndDate', OPERATORS, DATES, fc.boolean(), (row, op, value) => holds(row.endDate, op, value)),
  compare('EndDate', OPERATORS, INSTANTS, fc.boolean(), (row, op, value) => holds(row.endDate, op, utcDay(instant(value)))),
  compare('PostedDate', OPERATORS, DATES, fc.boolean(), (row, op, value) =>
    holdsOrNull(row.postedDate && utcDay(row.postedDate), op, value),
  ),
  compare('PostedDate', OPERATORS, INSTANTS, fc.boolean(), (row, op, value) =>
    holdsOrNull(row.postedDate && microseconds(row.postedDate), op, microseconds(instant(value))),
  ),
  fc.constantFrom<Operator>('==', '!=').map((operator) => ({
    text: `PostedDate${operator}null`,
    test: (row: InvoiceRow) => (operator === '==') === (row.postedDate === null),
  })),
  compare(
    'Amount',
    OPERATORS,
    ['0', '100', '100.1', '100.10', '-5.5', '1234.56', '99.99', '0.01', '-0'],
    fc.constant(false),
    (row, op, value) => holds(cents(row.amount), op, cents(value)),
  ),
);

const model = fc.letrec<{ node: Model }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 4, depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(tie('node'), fc.constantFrom('&&', '||'), tie('node')).map(([left, operator, right]) => ({
      get text() {
        return `(${left.text}) ${operator} (${right.text})`;
      },
      test: (row: InvoiceRow) => (operator === '&&' ? left.test(row) && right.test(row) : left.test(row) || right.test(row)),
    })),
    tie('node').map((inner) => ({
      get text() {
        return `!(${inner.text})`;
      },
      test: (row: InvoiceRow) => !inner.test(row),
    })),
  ),
})).node;

describe('random filters', () => {
  it('select exactly the rows a reference evaluator selects', async () => {
    await fc.assert(
      fc.asyncProperty(model, async ({ text, test }) => {
        const where: SQL | undefined = compileFilter(text, invoiceFields);
        const found = await database.db.select({ id: invoices.id }).from(invoices).where(where).orderBy(asc(invoices.id));
        expect(
          found.map((row) => row.id),
          text,
        ).toEqual(rows.filter(test).map((row) => row.id));
      }),
      { numRuns: 400 },
    );
  });
});
