// The home model answers each account from what it cached while the account's ledger version is
// unchanged. Every write here goes straight to the database, past the app, as another instance's or a
// billing system's would: the answer after it must be the one an app caching nothing gives.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer, staffHeaders } from '../../../test/billing';
import { bearer, createAccount, createBillingDetails, createInvoice, createPayment, createUser, tokenFor } from '../../../test/factories';
import { accountAddresses, accounts, addresses, creditNotes, invoices, paymentAssignments, payments, receivables } from '../../db/schema';
import type { PortalDb } from '../../db/client';
import { homeModelAnswers } from '../../lib/metrics';

let caching: TestContext;
let fresh: TestContext;
beforeAll(async () => {
  // 05:30 UTC on June 10: already June 10 in Toronto, still June 9 in Vancouver.
  caching = await buildTestApp({ clock: createTestClock('2025-06-10T05:30:00Z') });
  fresh = await buildTestApp({ database: caching.database, clock: caching.clock, config: { HOME_MODEL_CACHE_MB: 0 } });
});
afterAll(async () => {
  await fresh.close();
  await caching.close();
});

const homeOf = async (ctx: TestContext, accountId: bigint, headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${accountId}`, headers });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.statusCode === 200 ? res.json() : undefined };
};

/** An account with a billing address in Toronto, a posted invoice due June 9, a draft, and a payment in progress and one collected against the invoice. */
const accountWithActivity = async () => {
  const { account, headers } = await createCustomer(caching);
  const db = caching.database.db;
  const billing = await createBillingDetails(db, account.id);
  const invoice = await createInvoice(db, account.id, { dueDate: '2025-06-09', amount: '80.00' });
  const draft = await createInvoice(db, account.id, { dueDate: '2025-07-09', amount: '12.00', state: 'Draft' });
  const payment = await createPayment(db, account.id, { amount: '30.00', status: 'InProgress', assignments: [{ receivableId: invoice.arId!, amount: '30.00' }] });
  const collected = await createPayment(db, account.id, { assignments: [{ receivableId: invoice.arId!, amount: '10.00' }] });
  return { account, headers, billing, invoice, draft, payment, collected };
};
type Activity = Awaited<ReturnType<typeof accountWithActivity>>;

const writes: { write: string; change: (db: PortalDb, a: Activity) => Promise<unknown> }[] = [
  { write: 'a new payment', change: (db, a) => createPayment(db, a.account.id, { amount: '5.00' }) },
  { write: "a payment's status (what its assignment settles)", change: (db, a) => db.update(payments).set({ status: 'Successful' }).where(eq(payments.id, a.payment.id)) },
  {
    write: 'an assignment',
    change: async (db, a) => {
      const payment = await createPayment(db, a.account.id, { amount: '50.00' });
      await db.insert(paymentAssignments).values({ paymentId: payment.id, receivableId: a.invoice.arId!, amount: '50.00' });
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
  {
    write: 'a credit note',
    change: (db, a) =>
      db.insert(creditNotes).values({ accountId: a.account.id, invoiceId: a.invoice.id, receivableId: a.invoice.arId!, amount: '80.00', currency: 'CAD', description: 'Credit' }),
  },
  // Vancouver's June 9 has not ended: the invoice due then is no longer overdue.
  { write: 'the billing address moved to another time zone', change: (db, a) => db.update(addresses).set({ province: 'BC', city: 'Vancouver' }).where(eq(addresses.id, a.billing.address.id)) },
  {
    write: 'a new billing address link',
    change: async (db, a) => {
      const [vancouver] = await db
        .insert(addresses)
        .values({ accountId: a.account.id, streetNumber: '1', streetName: 'Main', city: 'Vancouver', province: 'BC', postal: 'V6B 1A1', country: 'CA' })
        .returning();
      await db.insert(accountAddresses).values({ accountId: a.account.id, addressId: vancouver!.id, type: 'Billing', startDate: new Date('2025-06-01T00:00:00Z') });
    },
  },
];

describe('home model cached between requests', () => {
  it.each(writes)('answers what the database holds after $write', async ({ change }) => {
    const activity = await accountWithActivity();
    const before = await homeOf(caching, activity.account.id, activity.headers);
    expect(before).toEqual(await homeOf(fresh, activity.account.id, activity.headers));
    expect(await homeOf(caching, activity.account.id, activity.headers)).toEqual(before);

    await change(caching.database.db, activity);
    const after = await homeOf(caching, activity.account.id, activity.headers);
    expect(after.body).not.toEqual(before.body);
    expect(after).toEqual(await homeOf(fresh, activity.account.id, activity.headers));
  });

  it('answers cached models as JSON, exactly as the app caching nothing does, and counts them', async () => {
    const { account, headers } = await accountWithActivity();
    const answered = async (source: string) => (await homeModelAnswers.get()).values.find((v) => v.labels.source === source)?.value ?? 0;
    const [keptBefore, readBefore] = [await answered('kept'), await answered('database')];
    await homeOf(caching, account.id, headers);
    const kept = await homeOf(caching, account.id, headers);
    expect([(await answered('kept')) - keptBefore, (await answered('database')) - readBefore]).toEqual([1, 1]);
    expect(kept.status).toBe(200);
    expect(kept.type).toBe('application/json; charset=utf-8');
    expect(kept).toEqual(await homeOf(fresh, account.id, headers));
  });

  it.each([
    { acceptEncoding: 'br, gzip', encoding: 'br', decode: brotliDecompressSync },
    { acceptEncoding: 'gzip', encoding: 'gzip', decode: gunzipSync },
    { acceptEncoding: undefined, encoding: undefined, decode: (body: Buffer) => body },
  ])('sends a cached answer above 1 KB compressed once for Accept-Encoding $acceptEncoding', async ({ acceptEncoding, encoding, decode }) => {
    const { account, headers } = await accountWithActivity();
    for (let i = 0; i < 12; i++) await createPayment(caching.database.db, account.id, { amount: '1.00', description: `Payment ${i} of a long series` });
    const expected = (await homeOf(fresh, account.id, headers)).body;
    for (let i = 0; i < 2; i++) {
      const res = await caching.app.inject({
        method: 'GET',
        url: `/b/v1/Billing/GetClientHomeModel/${account.id}`,
        headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      if (encoding) expect(res.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(expected);
      expect(decode(res.rawPayload).length).toBeGreaterThan(1024);
    }
  });

  it('sends an answer under 1 KB as it is, whatever the client accepts', async () => {
    const { account, headers } = await createCustomer(caching);
    for (let i = 0; i < 2; i++) {
      const res = await caching.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${account.id}`, headers: { ...headers, 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual({ balances: [], recentPayments: [], paymentDueDate: null, overdue: [] });
    }
  });

  it("turns an invoice overdue at the customer's midnight although nothing was written", async () => {
    caching.clock.set('2025-06-10T06:59:59Z');
    const { account, headers, billing } = await accountWithActivity();
    const db = caching.database.db;
    await db.update(addresses).set({ province: 'BC', city: 'Vancouver' }).where(eq(addresses.id, billing.address.id));
    try {
      expect((await homeOf(caching, account.id, headers)).body.overdue).toEqual([]);
      caching.clock.advance(1000);
      expect((await homeOf(caching, account.id, headers)).body.overdue).toEqual([{ amount: 70, currency: { code: 'CAD' }, since: '2025-06-09' }]);
    } finally {
      caching.clock.set('2025-06-10T05:30:00Z');
    }
  });

  it('switches to a dated billing address when it starts, although nothing was written then', async () => {
    const { account, headers } = await accountWithActivity();
    const db = caching.database.db;
    const [vancouver] = await db
      .insert(addresses)
      .values({ accountId: account.id, streetNumber: '1', streetName: 'Main', city: 'Vancouver', province: 'BC', postal: 'V6B 1A1', country: 'CA' })
      .returning();
    await db.insert(accountAddresses).values({ accountId: account.id, addressId: vancouver!.id, type: 'Billing', startDate: new Date('2025-06-10T05:45:00Z') });
    try {
      expect((await homeOf(caching, account.id, headers)).body.overdue).toHaveLength(1);
      caching.clock.set('2025-06-10T05:45:00Z');
      expect((await homeOf(caching, account.id, headers)).body.overdue).toEqual([]);
    } finally {
      caching.clock.set('2025-06-10T05:30:00Z');
    }
  });

  it('answers 404 to a customer who no longer reaches a cached account, and Staff still see it', async () => {
    const db = caching.database.db;
    const parent = await createAccount(db);
    const child = await createAccount(db, { parentId: parent.id });
    await createInvoice(db, child.id);
    const user = await createUser(db, { accountIds: [parent.id] });
    const headers = bearer(await tokenFor(db, user, { now: caching.clock.now(), issuer: caching.app.config.AUTH_ISSUER }));
    expect((await homeOf(caching, child.id, headers)).status).toBe(200);

    await db.update(accounts).set({ parentId: null }).where(eq(accounts.id, child.id));
    expect((await homeOf(caching, child.id, headers)).status).toBe(404);
    expect((await homeOf(caching, child.id, await staffHeaders(caching))).status).toBe(200);
  });

  it("changes a sub-account's owing when the parent's payment assigned to it succeeds", async () => {
    const db = caching.database.db;
    const parent = await createAccount(db);
    const child = await createAccount(db, { parentId: parent.id });
    const invoice = await createInvoice(db, child.id, { dueDate: '2025-06-01', amount: '20.00' });
    const payment = await createPayment(db, parent.id, { status: 'InProgress', assignments: [{ receivableId: invoice.arId!, amount: '20.00' }] });
    const headers = await staffHeaders(caching);
    expect((await homeOf(caching, child.id, headers)).body.overdue).toHaveLength(1);

    await db.update(payments).set({ status: 'Successful' }).where(eq(payments.id, payment.id));
    expect((await homeOf(caching, child.id, headers)).body.overdue).toEqual([]);
  });
});

describe('ledger versions', () => {
  const versionOf = async (db: PortalDb, accountId: bigint) =>
    (await db.execute<{ version: string | null }>(sql`select version::text from ledger_versions where account_id = ${accountId}`)).rows[0]?.version ?? null;

  it('moves on with every write and never repeats', async () => {
    const db = caching.database.db;
    const { account } = await createCustomer(caching);
    expect(await versionOf(db, account.id)).toBeNull();
    const seen = new Set<string>();
    const invoice = await createInvoice(db, account.id);
    seen.add((await versionOf(db, account.id))!);
    await createPayment(db, account.id, { assignments: [{ receivableId: invoice.arId!, amount: '10.00' }] });
    seen.add((await versionOf(db, account.id))!);
    await db.update(invoices).set({ dueDate: '2025-03-01' }).where(eq(invoices.id, invoice.id));
    seen.add((await versionOf(db, account.id))!);
    expect(seen.size).toBe(3);
  });
});
