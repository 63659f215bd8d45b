// Every row of the endpoint table marked cached: its first answer is read from the database, the next
// is served from the cache, and a moved ledger version (alone, then with a real write) is a miss again
// whose answer is the one an app caching nothing gives.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { endpointList, endpoints, type Endpoint } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../test/app';
import { createCustomer } from '../../test/billing';
import { createInvoice, createPayment } from '../../test/factories';
import { homeModelAnswers, invoiceReads } from '../lib/metrics';
import { answerJson, cachedRoute, createLedgerAnswers } from './ledger-cache';
import { writeHomeModel } from './answer-writers';
import { route } from './route';

let caching: TestContext;
let fresh: TestContext;
beforeAll(async () => {
  caching = await buildTestApp({ clock: createTestClock('2025-06-10T12:00:00Z') });
  fresh = await buildTestApp({ database: caching.database, clock: caching.clock, config: { HOME_MODEL_CACHE_MB: 0, INVOICE_CACHE_MB: 0 } });
});
afterAll(async () => {
  await fresh.close();
  await caching.close();
});

type Account = { accountId: bigint; invoiceId: bigint };

const counter = async (read: () => Promise<{ values: { labels: Record<string, string | number>; value: number }[] }>, labels: Record<string, string>) =>
  (await read()).values.find((v) => Object.entries(labels).every(([name, value]) => v.labels[name] === value))?.value ?? 0;

/** Per cached row: the URL of an account's answer, and how many answers came from the cache and the database. */
const cases: Record<string, { url: (a: Account) => string; answered: (source: 'kept' | 'database') => Promise<number> }> = {
  [endpoints.homeModel.name]: {
    url: (a) => `/b/v1/Billing/GetClientHomeModel/${a.accountId}`,
    answered: (source) => counter(() => homeModelAnswers.get(), { source }),
  },
  [endpoints.invoices.name]: {
    url: (a) => `/b/v1/Invoice/items?dnfilter=${encodeURIComponent(`AccountId==${a.accountId}`)}&count=true`,
    answered: (source) => counter(() => invoiceReads.get(), { call: 'list', source }),
  },
  [endpoints.invoiceDetails.name]: {
    url: (a) => `/b/v1/Invoice/details/${a.invoiceId}`,
    answered: (source) => counter(() => invoiceReads.get(), { call: 'details', source }),
  },
};

const cachedRows = endpointList.filter((row: Endpoint) => row.cached === 'whileLedgerUnchanged');

describe('rows cached while the ledger is unchanged', () => {
  it('are the rows this test covers', () => {
    expect(cachedRows.map((row) => row.name).sort()).toEqual(Object.keys(cases).sort());
  });

  it.each(cachedRows.map((row) => ({ name: row.name })))('$name: misses, serves from the cache, misses after the version moves', async ({ name }) => {
    const { url, answered } = cases[name]!;
    const { account, headers } = await createCustomer(caching);
    const db = caching.database.db;
    const invoice = await createInvoice(db, account.id, { amount: '80.00' });
    const path = url({ accountId: account.id, invoiceId: invoice.id });
    const get = async (ctx: TestContext) => {
      const res = await ctx.app.inject({ method: 'GET', url: path, headers });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const sources = async (run: () => Promise<string>) => {
      const [kept, database] = [await answered('kept'), await answered('database')];
      const body = await run();
      return { body, kept: (await answered('kept')) - kept, database: (await answered('database')) - database };
    };

    const first = await sources(() => get(caching));
    expect(first).toEqual({ body: await get(fresh), kept: 0, database: 1 });
    expect(await sources(() => get(caching))).toEqual({ body: first.body, kept: 1, database: 0 });

    // The version alone moves: the cached answer is not served although it would be the same.
    await db.execute(sql`select ledger_changed(${account.id})`);
    expect(await sources(() => get(caching))).toEqual({ body: first.body, kept: 0, database: 1 });
    expect(await sources(() => get(caching))).toEqual({ body: first.body, kept: 1, database: 0 });

    await createPayment(db, account.id, { assignments: [{ receivableId: invoice.arId!, amount: '30.00' }] });
    const after = await sources(() => get(caching));
    expect(after.body).not.toBe(first.body);
    expect(after).toEqual({ body: await get(fresh), kept: 0, database: 1 });
  });
});

describe('registering rows', () => {
  it('refuses a cached row as an ordinary route, and an ordinary row as a cached one', () => {
    const app = Fastify();
    expect(() => route(app, endpoints.homeModel, async () => ({ balances: [], recentPayments: [], paymentDueDate: null, overdue: [] }))).toThrow(
      /is cached: register it with cachedRoute/,
    );
    const answers = createLedgerAnswers({ maxBytes: 1024, recordBytes: () => undefined });
    expect(() =>
      cachedRoute(app, endpoints.invoice, {
        answers,
        scope: () => undefined,
        read: () => Promise.reject(new Error('never read')),
        counted: () => undefined,
      }),
    ).toThrow(/is not a cached JSON row/);
  });
});

describe("a row's writer", () => {
  const schema = endpoints.homeModel.answer.schema;
  const model = { balances: [{ amount: -12.5, currency: { code: 'CAD' as const } }], recentPayments: [], paymentDueDate: '2025-07-01', overdue: [] };
  // A writer that forgot a field the schema has.
  const forgetful = (answer: unknown) => writeHomeModel(answer as typeof model).replace(',"paymentDueDate":"2025-07-01"', '');

  it('writes what the schema encodes, checked or not', () => {
    expect(answerJson(schema, 'home model', (a) => writeHomeModel(a as typeof model), true)(model)).toBe(answerJson(schema, 'home model', undefined, true)(model));
  });

  it('fails an answer its writer writes otherwise than the schema, when checked (outside production)', () => {
    expect(() => answerJson(schema, 'home model', forgetful, true)(model)).toThrow(/wrote other JSON than its schema encodes/);
    expect(answerJson(schema, 'home model', forgetful, false)(model)).not.toContain('paymentDueDate');
  });
});
