// The invoice list answers a page of one account, and the invoice detail an invoice, from what it cached
// while the account's ledger version is unchanged. Every write here goes straight to the database, past the app, as another
// instance's or a billing system's would: the page after it must be the one an app caching nothing gives.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer, staffHeaders } from '../../../test/billing';
import { bearer, createAccount, createInvoice, createPayment, createUser, tokenFor } from '../../../test/factories';
import { accounts, creditNotes, invoices, paymentAssignments, payments, receivables } from '../../db/schema';
import type { PortalDb } from '../../db/client';
import { invoiceReads } from '../../lib/metrics';

let caching: TestContext;
let fresh: TestContext;
beforeAll(async () => {
  caching = await buildTestApp({ clock: createTestClock('2025-06-10T05:30:00Z') });
  fresh = await buildTestApp({ database: caching.database, clock: caching.clock, config: { INVOICE_CACHE_MB: 0 } });
});
afterAll(async () => {
  await fresh.close();
  await caching.close();
});

const listUrl = (accountId: bigint, filter = '&& State=="Posted" && EndDate>=2020-01-01') =>
  `/b/v1/Invoice/items?dnfilter=${encodeURIComponent(`AccountId==${accountId} ${filter}`)}&orderby=${encodeURIComponent('EndDate desc')}&skip=0&take=10&count=true`;

const listOf = async (ctx: TestContext, url: string, headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
};

const detailsOf = async (ctx: TestContext, invoiceId: bigint, headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/Invoice/details/${invoiceId}`, headers });
  return { status: res.statusCode, body: res.json() };
};

const answered = async (call: string, source: string) =>
  (await invoiceReads.get()).values.find((v) => v.labels.call === call && v.labels.source === source)?.value ?? 0;

/** Counts of kept and fresh reads of `call` that `run` caused. */
const sources = async (run: () => Promise<unknown>, call = 'list') => {
  const [kept, read] = [await answered(call, 'kept'), await answered(call, 'database')];
  await run();
  return { kept: (await answered(call, 'kept')) - kept, database: (await answered(call, 'database')) - read };
};

/** An account with two posted invoices, a draft, a payment in progress and one collected against the first. */
const accountWithInvoices = async () => {
  const { account, headers } = await createCustomer(caching);
  const db = caching.database.db;
  const invoice = await createInvoice(db, account.id, { endDate: '2025-05-31', amount: '80.00' });
  const older = await createInvoice(db, account.id, { endDate: '2025-04-30', amount: '40.00' });
  const draft = await createInvoice(db, account.id, { endDate: '2025-06-30', amount: '12.00', state: 'Draft' });
  const payment = await createPayment(db, account.id, { amount: '30.00', status: 'InProgress', assignments: [{ receivableId: invoice.arId!, amount: '30.00' }] });
  const collected = await createPayment(db, account.id, { assignments: [{ receivableId: invoice.arId!, amount: '10.00' }] });
  return { account, headers, invoice, older, draft, payment, collected };
};
type Activity = Awaited<ReturnType<typeof accountWithInvoices>>;

const writes: { write: string; change: (db: PortalDb, a: Activity) => Promise<unknown> }[] = [
  { write: "a payment's status (what its assignment settles)", change: (db, a) => db.update(payments).set({ status: 'Successful' }).where(eq(payments.id, a.payment.id)) },
  {
    write: 'an assignment',
    change: async (db, a) => {
      const payment = await createPayment(db, a.account.id, { amount: '40.00' });
      await db.insert(paymentAssignments).values({ paymentId: payment.id, receivableId: a.older.arId!, amount: '40.00' });
    },
  },
  { write: 'an assignment removed', change: (db, a) => db.delete(paymentAssignments).where(eq(paymentAssignments.paymentId, a.collected.id)) },
  {
    write: 'an invoice posted',
    change: async (db, a) => {
      await db.update(invoices).set({ state: 'Posted', postedDate: new Date('2025-06-01T00:00:00Z') }).where(eq(invoices.id, a.draft.id));
      await db.insert(receivables).values({ accountId: a.account.id, invoiceId: a.draft.id, amount: '12.00', currency: 'CAD', dueDate: '2025-07-09' });
    },
  },
  { write: 'an invoice voided', change: (db, a) => db.update(invoices).set({ state: 'Void' }).where(eq(invoices.id, a.older.id)) },
  { write: "an invoice's amount", change: (db, a) => db.update(invoices).set({ amount: '85.00' }).where(eq(invoices.id, a.invoice.id)) },
  {
    write: 'a credit note',
    change: (db, a) =>
      db.insert(creditNotes).values({ accountId: a.account.id, invoiceId: a.invoice.id, receivableId: a.invoice.arId!, amount: '20.00', currency: 'CAD', description: 'Credit' }),
  },
];

describe('invoice list pages cached between requests', () => {
  it.each(writes)('answers what the database holds after $write', async ({ change }) => {
    const activity = await accountWithInvoices();
    const url = listUrl(activity.account.id);
    const before = await listOf(caching, url, activity.headers);
    expect(before.body.count).toBe(2);
    expect(before).toEqual(await listOf(fresh, url, activity.headers));
    expect(await sources(async () => expect(await listOf(caching, url, activity.headers)).toEqual(before))).toEqual({ kept: 1, database: 0 });

    await change(caching.database.db, activity);
    const after = await listOf(caching, url, activity.headers);
    expect(after.body).not.toEqual(before.body);
    expect(after).toEqual(await listOf(fresh, url, activity.headers));
  });

  it.each(writes)("answers each invoice's details as the database holds them after $write", async ({ change }) => {
    const activity = await accountWithInvoices();
    // The draft's details answer 404 until it is posted.
    const ids = [activity.invoice.id, activity.older.id, activity.draft.id];
    const before = await Promise.all(ids.map((id) => detailsOf(caching, id, activity.headers)));
    expect(before.map((d) => d.status)).toEqual([200, 200, 404]);
    expect(before[0]!.body.payments).toHaveLength(2);
    const again = await sources(async () => {
      for (const [i, id] of ids.entries()) expect(await detailsOf(caching, id, activity.headers)).toEqual(before[i]);
    }, 'details');
    expect(again).toEqual({ kept: 2, database: 0 });

    await change(caching.database.db, activity);
    const after = await Promise.all(ids.map((id) => detailsOf(caching, id, activity.headers)));
    expect(after).not.toEqual(before);
    expect(after).toEqual(await Promise.all(ids.map((id) => detailsOf(fresh, id, activity.headers))));
  });

  it('signs the links of a cached page when it is sent', async () => {
    const { account, headers } = await accountWithInvoices();
    const url = listUrl(account.id);
    const first = await listOf(caching, url, headers);
    caching.clock.advance(60_000);
    try {
      const again = await sources(async () => {
        const kept = await listOf(caching, url, headers);
        expect(kept).toEqual(await listOf(fresh, url, headers));
        const expires = (body: typeof first.body) => new URL(body.value[0].s3UrlDetails.urls[0].url, 'http://x').searchParams.get('expires');
        expect(Number(expires(kept.body)) - Number(expires(first.body))).toBe(60);
      });
      expect(again.kept).toBe(1);
    } finally {
      caching.clock.set('2025-06-10T05:30:00Z');
    }
  });

  it.each([
    { acceptEncoding: 'br, gzip', encoding: 'br', decode: brotliDecompressSync },
    { acceptEncoding: 'gzip', encoding: 'gzip', decode: gunzipSync },
    { acceptEncoding: undefined, encoding: undefined, decode: (body: Buffer) => body },
  ])('sends a cached page above 1 KB compressed once for Accept-Encoding $acceptEncoding', async ({ acceptEncoding, encoding, decode }) => {
    const { account, headers } = await accountWithInvoices();
    for (const month of ['01', '02', '03']) await createInvoice(caching.database.db, account.id, { endDate: `2025-${month}-28` });
    const url = listUrl(account.id);
    const expected = (await listOf(fresh, url, headers)).body;
    expect(expected.count).toBe(5);
    const counted = await sources(async () => {
      for (let i = 0; i < 2; i++) {
        const res = await caching.app.inject({ method: 'GET', url, headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['content-encoding']).toBe(encoding);
        if (encoding) expect(res.headers.vary).toContain('accept-encoding');
        expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(expected);
        expect(decode(res.rawPayload).length).toBeGreaterThan(1024);
      }
    });
    expect(counted).toEqual({ kept: 1, database: 1 });
  });

  it('caches each query of an account apart', async () => {
    const { account, headers } = await accountWithInvoices();
    const all = await listOf(caching, listUrl(account.id), headers);
    const april = await listOf(caching, listUrl(account.id, '&& EndDate<2025-05-01'), headers);
    expect(all.body.count).toBe(2);
    expect(april.body.count).toBe(1);
    expect(await listOf(caching, listUrl(account.id), headers)).toEqual(all);
    expect(await listOf(caching, listUrl(account.id, '&& EndDate<2025-05-01'), headers)).toEqual(april);
  });

  it('never caches a list that is not of one account (nor counts it)', async () => {
    const { account, headers } = await accountWithInvoices();
    const url = `/b/v1/Invoice/items?dnfilter=${encodeURIComponent(`AccountId==${account.id} || AccountId==0`)}&count=true`;
    const counted = await sources(async () => {
      expect((await listOf(caching, url, headers)).body.count).toBe(2);
      expect((await listOf(caching, url, headers)).body.count).toBe(2);
    });
    expect(counted).toEqual({ kept: 0, database: 0 });
  });

  it('caches nothing with INVOICE_CACHE_MB=0', async () => {
    const { account, headers } = await accountWithInvoices();
    const counted = await sources(async () => {
      await listOf(fresh, listUrl(account.id), headers);
      await listOf(fresh, listUrl(account.id), headers);
    });
    expect(counted).toEqual({ kept: 0, database: 2 });
  });

  it('answers a bad order with 400 although the same filter is cached', async () => {
    const { account, headers } = await accountWithInvoices();
    await listOf(caching, listUrl(account.id), headers);
    const res = await caching.app.inject({
      method: 'GET',
      url: `/b/v1/Invoice/items?dnfilter=${encodeURIComponent(`AccountId==${account.id} && State=="Posted" && EndDate>=2020-01-01`)}&orderby=Nope&skip=0&take=10&count=true`,
      headers,
    });
    expect(res.statusCode).toBe(400);
  });

  it('shows nothing to a customer who no longer reaches a cached account, and Staff still see it', async () => {
    const db = caching.database.db;
    const parent = await createAccount(db);
    const child = await createAccount(db, { parentId: parent.id });
    await createInvoice(db, child.id, { endDate: '2025-05-31' });
    const user = await createUser(db, { accountIds: [parent.id] });
    const headers = bearer(await tokenFor(db, user, { now: caching.clock.now(), issuer: caching.app.config.AUTH_ISSUER }));
    const url = listUrl(child.id);
    const seen = await listOf(caching, url, headers);
    expect(seen.body.count).toBe(1);
    expect((await listOf(caching, url, await staffHeaders(caching))).body).toEqual(seen.body);

    await db.update(accounts).set({ parentId: null }).where(eq(accounts.id, child.id));
    expect((await listOf(caching, url, headers)).body).toEqual({ value: [], count: 0 });
    expect((await listOf(caching, url, await staffHeaders(caching))).body.count).toBe(1);
  });

  it('answers 404 to a customer who no longer reaches a cached invoice, and Staff still see it', async () => {
    const db = caching.database.db;
    const parent = await createAccount(db);
    const child = await createAccount(db, { parentId: parent.id });
    const invoice = await createInvoice(db, child.id, { endDate: '2025-05-31' });
    const user = await createUser(db, { accountIds: [parent.id] });
    const headers = bearer(await tokenFor(db, user, { now: caching.clock.now(), issuer: caching.app.config.AUTH_ISSUER }));
    const seen = await detailsOf(caching, invoice.id, headers);
    expect(seen.status).toBe(200);
    expect(await detailsOf(caching, invoice.id, headers)).toEqual(seen);

    await db.update(accounts).set({ parentId: null }).where(eq(accounts.id, child.id));
    expect((await detailsOf(caching, invoice.id, headers)).status).toBe(404);
    expect(await detailsOf(caching, invoice.id, await staffHeaders(caching))).toEqual(seen);
  });

  it("changes a sub-account's owing when the parent's payment assigned to it succeeds", async () => {
    const db = caching.database.db;
    const parent = await createAccount(db);
    const child = await createAccount(db, { parentId: parent.id });
    const invoice = await createInvoice(db, child.id, { endDate: '2025-05-31', amount: '20.00' });
    const payment = await createPayment(db, parent.id, { status: 'InProgress', assignments: [{ receivableId: invoice.arId!, amount: '20.00' }] });
    const headers = await staffHeaders(caching);
    expect((await listOf(caching, listUrl(child.id), headers)).body.value[0].owing).toBe(20);

    await db.update(payments).set({ status: 'Successful' }).where(eq(payments.id, payment.id));
    expect((await listOf(caching, listUrl(child.id), headers)).body.value[0].owing).toBe(0);
  });
});
