/**
 * A closed account (docs/decisions/0016-closing-an-account.md): its people still sign in while its documents
 * are kept and find it in their token's scopes; it is read-only to them (every row marked
 * `refusedWhenClosed` answers 409 through the shared guard) while its reads and documents keep working;
 * after the retention date it is unreachable and sign-in is refused as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { ACCOUNT_CLOSED_MESSAGE, AUTH_MESSAGES, CLOSED_ACCOUNT_DOCUMENT_DAYS, endpointList, parseJson, stringifyJson, type Endpoint } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { authCalls, verifySessionToken } from '../../../test/auth';
import {
  bearer,
  createAccount,
  createBillingDetails,
  createInvoice,
  createPayment,
  createPaymentMethod,
  createUser,
  TEST_PASSWORD,
  tokenFor,
} from '../../../test/factories';
import { accounts, charges, payments } from '../../db/schema';
import { routePath } from '../../http/route';

interface Seeded {
  account: bigint;
  invoice: bigint;
  card: bigint;
  defaultCard: bigint;
  payment: bigint;
  /** A charge line billed yesterday: inside the dispute window. */
  recentCharge: bigint;
}

let ctx: TestContext;

const seedAccount = async (): Promise<Seeded> => {
  const db = ctx.database.db;
  const account = await createAccount(db);
  await createBillingDetails(db, account.id);
  const invoice = await createInvoice(db, account.id);
  const defaultCard = await createPaymentMethod(db, account.id, { isDefault: true });
  const card = await createPaymentMethod(db, account.id, { brand: 'Mastercard', last4: '4444' });
  const payment = await createPayment(db, account.id, { assignments: [{ receivableId: invoice.arId!, amount: '10.00' }] });
  const recent = await createInvoice(db, account.id, { postedDate: new Date(ctx.clock.now().getTime() - 86_400_000) });
  const [recentCharge] = await db.select({ id: charges.id }).from(charges).where(eq(charges.invoiceId, recent.id));
  return { account: account.id, invoice: invoice.id, card: card.id, defaultCard: defaultCard.id, payment: payment.id, recentCharge: recentCharge!.id };
};

/** Closes the account `daysAgo` days ago, as the provider API's close would have then. */
const closeAccount = (accountId: bigint, daysAgo = 0) =>
  ctx.database.db
    .update(accounts)
    .set({ closedAt: sql`now() - ${`${daysAgo} days`}::interval` })
    .where(eq(accounts.id, accountId));

const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown): InjectOptions => ({
  method,
  url,
  headers: { 'content-type': 'application/json' },
  payload: stringifyJson(body),
});

/** A valid request of every write row marked `refusedWhenClosed`, on the account `s`: the table the guard is tested over. */
const WRITES: Record<string, (s: Seeded) => InjectOptions> = {
  'PUT /b/v1/Account/customerdetails': (s) => json('PUT', '/b/v1/Account/customerdetails', { accountId: s.account, language: 'French', invoiceEmail: 'changed@example.com' }),
  'POST /b/v1/Account/update-default-payment-method': (s) =>
    json('POST', '/b/v1/Account/update-default-payment-method', { accountId: s.account, paymentMethod: 'Credit Card (Manual)' }),
  'PUT /b/v1/Account/:accountId/autopay': (s) =>
    json('PUT', `/b/v1/Account/${s.account}/autopay`, { accountId: s.account, paymentMethodId: s.defaultCard, frequency: 'dueDate', amountType: 'full', fixedAmount: null }),
  'POST /b/v1/Dispute': (s) => json('POST', '/b/v1/Dispute', { chargeId: s.recentCharge, reason: 'WrongAmount', details: 'Closed account test', amount: 1 }),
  // What the seed leaves overdue (90.00 and 100.00; the arrangement row comes before the payment rows), in one instalment tomorrow.
  'POST /b/v1/Arrangement': (s) =>
    json('POST', '/b/v1/Arrangement', { accountId: s.account, instalments: [{ date: new Date(ctx.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10), amount: 190 }] }),
  'POST /b/v1/Payment/customerpayment': (s) =>
    json('POST', '/b/v1/Payment/customerpayment?autoAssignPayment=true', {
      payment: { accountId: s.account, amount: 10, currency: 'CAD', description: 'Closed account test' },
      paymentMethodInfo: { paymentMethodId: s.defaultCard },
    }),
  'POST /b/v1/Payment/payall': (s) => json('POST', '/b/v1/Payment/payall', { accountId: s.account, paymentMethodId: s.defaultCard, currency: 'CAD' }),
  'POST /b/v1/PaymentMethod/defaultmethod/:paymentMethodId': (s) => ({ method: 'POST', url: `/b/v1/PaymentMethod/defaultmethod/${s.card}` }),
  'DELETE /b/v1/PaymentMethod/methods/:paymentMethodId': (s) => ({ method: 'DELETE', url: `/b/v1/PaymentMethod/methods/${s.card}` }),
  'POST /b/v1/checkoutapi/setup': (s) =>
    json('POST', '/b/v1/checkoutapi/setup', {
      accountId: s.account,
      order: { name: 'Closed account test', accountId: s.account, currency: 'CAD' },
      successUrl: 'http://localhost:3000/payments?paymentMethodAdded=true',
      cancelUrl: 'http://localhost:3000/payments',
    }),
  'PUT /b/v1/Usage/alerts/:accountId': (s) => json('PUT', `/b/v1/Usage/alerts/${s.account}`, { allowances: [{ kind: 'data', percents: [90] }], email: true }),
  'PUT /b/v1/Usage/limit/:accountId': (s) => json('PUT', `/b/v1/Usage/limit/${s.account}`, { amount: 30 }),
};

const ROWS: readonly Endpoint[] = endpointList;
const GUARDED_ROWS = ROWS.filter((row) => row.refusedWhenClosed);

const call = async (token: string, options: InjectOptions) => {
  const res = await ctx.app.inject({ ...options, headers: { ...(options.headers as Record<string, string>), ...bearer(token) } });
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: res.body && isJson ? (parseJson(res.body) as Record<string, unknown>) : null, res };
};

const paymentCount = async (accountId: bigint) =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(payments).where(eq(payments.accountId, accountId)))[0]!.n;

beforeAll(async () => {
  // The seeded invoices are long overdue: the policy lets them be arranged (docs/decisions/0034-payment-arrangements-and-policy.md).
  ctx = await buildTestApp({ config: { PAYMENT_POLICY_MAX_OVERDUE_DAYS: 3650 } });
});
afterAll(async () => ctx?.close());

describe('signing in to a closed account', () => {
  it('works while its documents are kept, with the account in the token and the switcher, and is refused after', async () => {
    const { account } = await seedAccount();
    const person = await createUser(ctx.database.db, { accountIds: [account] });
    await closeAccount(account, 3);

    const login = await authCalls(ctx.app).login(person.username, TEST_PASSWORD);
    expect(login.json(), login.body).toMatchObject({ successful: true });
    const token = login.json().token as string;
    const { payload } = await verifySessionToken(ctx.app, token);
    expect(payload.scopes).toEqual([`ac:${account}`]);

    const names = await call(token, { method: 'GET', url: '/b/v1/Account/names?orderby=listName%20asc' });
    const [entry] = (names.body as { value: { accountId: unknown; closedAt: string; documentsUntil: string }[] }).value;
    expect(String(entry!.accountId)).toBe(String(account));
    expect(new Date(entry!.documentsUntil).getTime() - new Date(entry!.closedAt).getTime()).toBe(CLOSED_ACCOUNT_DOCUMENT_DAYS * 86_400_000);

    await closeAccount(account, CLOSED_ACCOUNT_DOCUMENT_DAYS + 1);
    const refused = await authCalls(ctx.app).login(person.username, TEST_PASSWORD);
    expect(refused.json()).toMatchObject({ successful: false, error: AUTH_MESSAGES.accountClosed });
  });

  it('scopes an open and a closed account together, and leaves out one past retention', async () => {
    const open = await createAccount(ctx.database.db);
    const closed = await createAccount(ctx.database.db);
    const gone = await createAccount(ctx.database.db);
    const person = await createUser(ctx.database.db, { accountIds: [open.id, closed.id, gone.id] });
    await closeAccount(closed.id, 1);
    await closeAccount(gone.id, CLOSED_ACCOUNT_DOCUMENT_DAYS + 1);
    const login = await authCalls(ctx.app).login(person.username, TEST_PASSWORD);
    const { payload } = await verifySessionToken(ctx.app, login.json().token as string);
    expect(payload.scopes).toEqual([`ac:${open.id}`, `ac:${closed.id}`]);
  });
});

describe('a closed account is read-only', () => {
  let closed: Seeded;
  let customer: string;

  beforeAll(async () => {
    closed = await seedAccount();
    const person = await createUser(ctx.database.db, { accountIds: [closed.account] });
    await closeAccount(closed.account, 1);
    customer = await tokenFor(ctx.database.db, person);
  });

  it('refuses a payment, a new card, an invoice email change and automatic payments with 409, changing nothing', async () => {
    const before = await paymentCount(closed.account);
    for (const route of ['POST /b/v1/Payment/customerpayment', 'POST /b/v1/checkoutapi/setup', 'PUT /b/v1/Account/customerdetails', 'PUT /b/v1/Account/:accountId/autopay']) {
      const answer = await call(customer, WRITES[route]!(closed));
      expect(answer.status, `${route}: ${answer.res.body}`).toBe(409);
      expect(answer.body).toEqual({ error: ACCOUNT_CLOSED_MESSAGE });
    }
    expect(await paymentCount(closed.account)).toBe(before);
    const [row] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, closed.account));
    expect(row!.language).toBe('English');
    expect(row!.invoiceEmailAddress).not.toBe('changed@example.com');
  });

  it('keeps its reads, PDFs, receipts, statements and call record exports working', async () => {
    for (const url of [
      `/b/v1/Billing/GetClientHomeModel/${closed.account}`,
      `/b/v1/Invoice/details/${closed.invoice}`,
      `/b/v1/Account/details/${closed.account}`,
      `/b/v1/PaymentMethod/methods/${closed.account}`,
      `/b/v1/Payment/${closed.payment}/receipt`,
      `/b/v1/Account/${closed.account}/statement?from=2024-01-01&to=2026-12-31&format=pdf`,
      `/b/v1/Usage/records/${closed.account}/export?type=voice`,
    ]) {
      const answer = await call(customer, { method: 'GET', url });
      expect(answer.status, `${url}: ${answer.res.body.slice(0, 200)}`).toBe(200);
    }
    const urls = await call(customer, { method: 'GET', url: `/b/v1/Billing/InvoiceURLs/${closed.invoice}` });
    expect(urls.status).toBe(200);
    const pdf = (urls.body as { urls: { name: string; url: string }[] }).urls.find((u) => u.name === 'PDF')!;
    const download = await ctx.app.inject({ url: pdf.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/application\/pdf/);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers another customer 404, not 409: a closed account cannot be probed', async () => {
    const stranger = await createUser(ctx.database.db, { accountIds: [(await createAccount(ctx.database.db)).id] });
    const answer = await call(await tokenFor(ctx.database.db, stranger), WRITES['POST /b/v1/Payment/customerpayment']!(closed));
    expect(answer.status).toBe(404);
  });

  it('is unreachable after its retention date, like an unknown account', async () => {
    const past = await seedAccount();
    const person = await createUser(ctx.database.db, { accountIds: [past.account] });
    const token = await tokenFor(ctx.database.db, person);
    await closeAccount(past.account, CLOSED_ACCOUNT_DOCUMENT_DAYS + 1);
    expect((await call(token, { method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${past.account}` })).status).toBe(404);
    expect((await call(token, { method: 'GET', url: `/b/v1/Billing/InvoiceURLs/${past.invoice}` })).status).toBe(404);
    expect((await call(token, WRITES['POST /b/v1/Payment/customerpayment']!(past))).status).toBe(404);
  });
});

describe('the shared guard over every write row marked refusedWhenClosed', () => {
  let customer: string;
  let staff: string;
  let openAccount: Seeded;
  let closedAccount: Seeded;

  beforeAll(async () => {
    openAccount = await seedAccount();
    closedAccount = await seedAccount();
    const person = await createUser(ctx.database.db, { accountIds: [openAccount.account, closedAccount.account] });
    await closeAccount(closedAccount.account, 1);
    customer = await tokenFor(ctx.database.db, person);
    staff = await tokenFor(ctx.database.db, await createUser(ctx.database.db, { roles: ['Staff'] }));
  });

  it('has a request for every marked row, and marks every customer write of /b but the exempt ones', () => {
    const key = (row: { method: string; path: string }) => `${row.method} ${routePath(row.path)}`;
    expect(GUARDED_ROWS.map(key).sort()).toEqual(Object.keys(WRITES).sort());
    // Not the account's data: reading computations, a person's own notifications and email choices, Staff's answers to
    // disputes and arrangements, Staff's refunds (money may go back to a closed account's customer); Admin rows
    // (webhooks) belong to no account.
    const exempt = [
      'POST /b/v1/Invoice/calcforward/:invoiceId',
      'POST /b/v1/Notification/clear',
      'POST /b/v1/Notification/clearall',
      'PUT /b/v1/Notification/preferences',
      'POST /b/v1/Dispute/:id/review',
      'POST /b/v1/Dispute/:id/resolve',
      'POST /b/v1/Arrangement/:id/cancel',
      'POST /b/v1/Payment/:paymentId/refund',
    ];
    const customerWrites = ROWS.filter((row) => row.path.startsWith('/b/') && row.method !== 'GET' && row.access !== 'public' && row.access !== 'admin');
    expect(customerWrites.filter((row) => !row.refusedWhenClosed).map(key).sort()).toEqual(exempt.sort());
  });

  it.each(GUARDED_ROWS.map((row) => ({ route: `${row.method} ${routePath(row.path)}`, refused: row.refusedWhenClosed! })))(
    '$route: 409 on the closed account (Staff refused: $refused), not on the open one',
    async ({ route, refused }) => {
      const onClosed = await call(customer, WRITES[route]!(closedAccount));
      expect(onClosed.status, onClosed.res.body).toBe(409);
      expect(onClosed.body).toEqual({ error: ACCOUNT_CLOSED_MESSAGE });

      const byStaff = await call(staff, WRITES[route]!(closedAccount));
      if (refused === 'everyone') expect(byStaff.body).toEqual({ error: ACCOUNT_CLOSED_MESSAGE });
      else expect([200, 201], byStaff.res.body).toContain(byStaff.status);

      // The same request on an open account is a valid one: the 409 comes from the guard.
      const onOpen = await call(customer, WRITES[route]!(openAccount));
      expect([200, 201], onOpen.res.body).toContain(onOpen.status);
    },
  );
});
