/** Payment arrangements through their calls and their job, on a controllable clock. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parseJson, stringifyJson } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { appDeps, createCustomer, staffHeaders } from '../../../test/billing';
import { bearer, createInvoice, createPaymentMethod, tokenFor } from '../../../test/factories';
import { auditLog, autopaySchedules, accounts, events, notifications, payments } from '../../db/schema';
import { runDueAutopay } from '../accounts';
import { runArrangements } from './job';

const NOW = '2026-12-04T12:00:00Z';

let ctx: TestContext;
let staff: Record<string, string>;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
  staff = await staffHeaders(ctx);
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(NOW));

type Json = Record<string, unknown>;
const call = async (headers: Record<string, string>, method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: stringifyJson(body) }),
  });
  return { status: res.statusCode, body: parseJson(res.body) as Json };
};

/** A customer owing 100.00 overdue since Nov 21 (13 days) and 40.00 not due yet, with a saved card. */
const overdueCustomer = async (overrides: { type?: string } = {}) => {
  const customer = await createCustomer(ctx, overrides);
  const db = ctx.database.db;
  const overdue = await createInvoice(db, customer.account.id, { amount: '100.00', dueDate: '2026-11-21', postedDate: new Date('2026-11-01T00:00:00Z') });
  const current = await createInvoice(db, customer.account.id, { amount: '40.00', dueDate: '2026-12-21', postedDate: new Date('2026-12-01T00:00:00Z') });
  const card = await createPaymentMethod(db, customer.account.id, { isDefault: true });
  return { ...customer, overdue, current, card };
};

const arrange = (headers: Record<string, string>, accountId: bigint, instalments: { date: string; amount: number }[], paymentMethodId?: bigint) =>
  call(headers, 'POST', '/b/v1/Arrangement', { accountId, instalments, ...(paymentMethodId === undefined ? {} : { paymentMethodId }) });

const TWO = [
  { date: '2026-12-06', amount: 60 },
  { date: '2026-12-18', amount: 40 },
];

/** The customer's headers with a token issued at the clock's time (the job tests move it days ahead). */
const freshHeaders = async (user: { id: bigint; name: string; roles: string[] }) =>
  bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now(), issuer: ctx.app.config.AUTH_ISSUER }));
const listOf = async (user: { id: bigint; name: string; roles: string[] }, accountId: bigint) =>
  ((await call(await freshHeaders(user), 'GET', `/b/v1/Arrangement/items?dnfilter=AccountId==${accountId}`)).body as { value: Json[] }).value;

const paymentsOf = (accountId: bigint) => ctx.database.db.select().from(payments).where(eq(payments.accountId, accountId)).orderBy(payments.id);
const eventsOf = async (accountId: bigint) =>
  (await ctx.database.db.select({ type: events.type, data: events.data }).from(events).where(eq(events.accountId, accountId)).orderBy(events.seq)).filter((e) =>
    e.type.startsWith('arrangement.'),
  );

describe('Arrangement/options', () => {
  it('offers the overdue amount, the first window and the count from the policy', async () => {
    const { account, headers } = await overdueCustomer();
    const { status, body } = await call(headers, 'GET', `/b/v1/Arrangement/options/${account.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      eligible: true,
      reason: null,
      amount: 100,
      currency: 'CAD',
      today: '2026-12-04',
      maxInstalments: 2,
      firstInstalment: { from: '2026-12-04', to: '2026-12-09', minimumAmount: 50 },
      restWithinDays: 15,
    });
  });

  it('says why an account without anything overdue may not arrange', async () => {
    const { account, headers } = await createCustomer(ctx);
    await createInvoice(ctx.database.db, account.id, { dueDate: '2026-12-21' });
    const { body } = await call(headers, 'GET', `/b/v1/Arrangement/options/${account.id}`);
    expect(body).toMatchObject({ eligible: false, reason: 'nothingOverdue', amount: 0 });
  });

  it('follows the account type’s policy', async () => {
    const custom = await buildTestApp({
      clock: createTestClock(NOW),
      config: { PAYMENT_POLICY_BY_ACCOUNT_TYPE: { Business: { instalments: 4, firstInstalmentDays: 10, firstInstalmentPercent: 25 } } },
    });
    try {
      const business = await createCustomer(custom, { type: 'Business' });
      await createInvoice(custom.database.db, business.account.id, { amount: '100.00', dueDate: '2026-11-21' });
      const res = await custom.app.inject({ method: 'GET', url: `/b/v1/Arrangement/options/${business.account.id}`, headers: business.headers });
      expect(parseJson(res.body)).toMatchObject({ maxInstalments: 4, firstInstalment: { from: '2026-12-04', to: '2026-12-14', minimumAmount: 25 } });
    } finally {
      await custom.close();
    }
  });
});

describe('POST Arrangement', () => {
  it('arranges two instalments charged to a saved card, audited, with its event', async () => {
    const { account, headers, card, user } = await overdueCustomer();
    const { status, body } = await arrange(headers, account.id, TWO, card.id);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      accountId: Number(account.id),
      status: 'Active',
      amount: 100,
      paid: 0,
      paymentMethodId: Number(card.id),
      byStaff: false,
      instalments: [
        { date: '2026-12-06', amount: 60, state: 'Upcoming', paymentId: null },
        { date: '2026-12-18', amount: 40, state: 'Upcoming', paymentId: null },
      ],
    });
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'arrangement.created'), eq(auditLog.entityId, String(body.id))));
    expect(audit).toMatchObject({ actorUserId: user.id, accountId: account.id });
    expect(await eventsOf(account.id)).toEqual([
      {
        type: 'arrangement.created',
        data: {
          arrangementId: String(body.id),
          amount: '100.00',
          currency: 'CAD',
          paymentMethodId: String(card.id),
          instalments: [
            { date: '2026-12-06', amount: '60.00' },
            { date: '2026-12-18', amount: '40.00' },
          ],
        },
      },
    ]);
    // A second one while it is active is refused.
    expect((await arrange(headers, account.id, [{ date: '2026-12-05', amount: 100 }])).status).toBe(409);
  });

  it.each([
    ['amounts not adding up to the overdue amount', [{ date: '2026-12-06', amount: 60 }, { date: '2026-12-18', amount: 30 }], 'instalments'],
    ['a first date after 5 days', [{ date: '2026-12-10', amount: 60 }, { date: '2026-12-18', amount: 40 }], 'instalments.0.date'],
    ['a first amount below half', [{ date: '2026-12-06', amount: 40 }, { date: '2026-12-18', amount: 60 }], 'instalments.0.amount'],
    ['a second date more than 15 days after the first', [{ date: '2026-12-06', amount: 60 }, { date: '2026-12-22', amount: 40 }], 'instalments.1.date'],
    ['three instalments', [{ date: '2026-12-06', amount: 50 }, { date: '2026-12-08', amount: 25 }, { date: '2026-12-10', amount: 25 }], 'instalments'],
  ])('refuses %s with 400 naming the field', async (_name, instalments, field) => {
    const { account, headers } = await overdueCustomer();
    const { status, body } = await arrange(headers, account.id, instalments);
    expect(status).toBe(400);
    expect(Object.keys(body.fields as Json)).toContain(field);
  });

  it('refuses an account overdue longer than the policy allows, and another account’s card', async () => {
    const { account, headers } = await createCustomer(ctx);
    await createInvoice(ctx.database.db, account.id, { amount: '100.00', dueDate: '2026-09-01' });
    expect((await arrange(headers, account.id, [{ date: '2026-12-05', amount: 100 }])).status).toBe(409);
    const mine = await overdueCustomer();
    const theirs = await overdueCustomer();
    expect((await arrange(mine.headers, mine.account.id, TWO, theirs.card.id)).status).toBe(404);
  });

  it('lets Staff set one up for a customer, paid by hand, and cancel it, audited', async () => {
    const { account, headers } = await overdueCustomer();
    const created = await arrange(staff, account.id, TWO);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ byStaff: true, paymentMethodId: null });
    expect((await call(headers, 'POST', `/b/v1/Arrangement/${String(created.body.id)}/cancel`)).status).toBe(403);
    const cancelled = await call(staff, 'POST', `/b/v1/Arrangement/${String(created.body.id)}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'Cancelled' } });
    expect((await call(staff, 'POST', `/b/v1/Arrangement/${String(created.body.id)}/cancel`)).status).toBe(409);
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'arrangement.cancelled'), eq(auditLog.entityId, String(created.body.id))));
    expect(audit?.actorUserId).not.toBeNull();
    // Cancelled, the account may arrange again.
    expect((await arrange(headers, account.id, TWO)).status).toBe(201);
  });
});

describe('Arrangement/items', () => {
  it('pages the caller’s arrangements, filtered by AccountId and Status', async () => {
    const { account, headers } = await overdueCustomer();
    const first = await arrange(headers, account.id, TWO);
    await call(staff, 'POST', `/b/v1/Arrangement/${String(first.body.id)}/cancel`);
    const second = await arrange(headers, account.id, TWO);
    const other = await overdueCustomer();
    await arrange(other.headers, other.account.id, TWO);

    const list = async (filter: string) =>
      (await call(headers, 'GET', `/b/v1/Arrangement/items?dnfilter=${encodeURIComponent(filter)}&count=true`)).body as { value: Json[]; count: number };
    const all = await list(`AccountId==${account.id}`);
    expect(all.count).toBe(2);
    expect(all.value.map((a) => a.id)).toEqual([second.body.id, first.body.id]);
    expect((await list(`AccountId==${account.id} && Status=="Cancelled"`)).value.map((a) => a.id)).toEqual([first.body.id]);
    expect((await list(`AccountId==${other.account.id}`)).value).toEqual([]);
    expect((await call(headers, 'GET', '/b/v1/Arrangement/items?dnfilter=Nope==1')).status).toBe(400);
  });
});

describe('the arrangements job', () => {
  it('charges each instalment on its date once, on runs side by side, and closes it kept', async () => {
    const { account, headers, card, user } = await overdueCustomer();
    await arrange(headers, account.id, TWO, card.id);
    const deps = appDeps(ctx);

    await runArrangements(deps, ctx.clock.now());
    expect(await paymentsOf(account.id)).toEqual([]);

    ctx.clock.set('2026-12-06T09:00:00Z');
    await Promise.all([runArrangements(deps, ctx.clock.now()), runArrangements(deps, ctx.clock.now()), runArrangements(deps, ctx.clock.now())]);
    await runArrangements(deps, ctx.clock.now());
    expect((await paymentsOf(account.id)).map((p) => [p.amount, p.description])).toEqual([['60.00', 'Payment arrangement instalment']]);

    ctx.clock.set('2026-12-18T09:00:00Z');
    await Promise.all([runArrangements(deps, ctx.clock.now()), runArrangements(deps, ctx.clock.now())]);
    expect((await paymentsOf(account.id)).map((p) => p.amount)).toEqual(['60.00', '40.00']);
    const [listed] = await listOf(user, account.id);
    expect(listed).toMatchObject({ status: 'Kept', paid: 100, instalments: [{ state: 'Paid' }, { state: 'Paid' }] });
    expect((await eventsOf(account.id)).map((e) => e.type)).toEqual(['arrangement.created', 'arrangement.kept']);
  });

  it('takes only what an instalment still lacks after a payment by hand', async () => {
    const { account, headers, card } = await overdueCustomer();
    await arrange(headers, account.id, TWO, card.id);
    await ctx.app.inject({
      method: 'POST',
      url: '/b/v1/Payment/customerpayment?autoAssignPayment=true',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `by-hand-${account.id}` },
      payload: stringifyJson({ payment: { accountId: account.id, amount: 20, currency: 'CAD', description: 'By hand' }, paymentMethodInfo: { paymentMethodId: card.id } }),
    });
    ctx.clock.set('2026-12-06T09:00:00Z');
    await runArrangements(appDeps(ctx), ctx.clock.now());
    expect((await paymentsOf(account.id)).map((p) => p.amount)).toEqual(['20.00', '40.00']);
  });

  it('breaks an arrangement whose instalment is missed: the customer is told, the amount is overdue again', async () => {
    const { account, headers, user } = await overdueCustomer();
    const created = await arrange(headers, account.id, TWO);
    const deps = appDeps(ctx);
    ctx.clock.set('2026-12-06T23:00:00Z');
    await runArrangements(deps, ctx.clock.now());
    expect(await listOf(user, account.id)).toMatchObject([{ status: 'Active', instalments: [{ state: 'Due' }, { state: 'Upcoming' }] }]);

    ctx.clock.set('2026-12-07T00:30:00Z');
    await Promise.all([runArrangements(deps, ctx.clock.now()), runArrangements(deps, ctx.clock.now())]);
    expect((await listOf(user, account.id))[0]).toMatchObject({ status: 'Broken', instalments: [{ state: 'Missed' }, { state: 'Upcoming' }] });
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.accountId, account.id));
    expect(notes.map((n) => [n.kind, n.message])).toEqual([
      ['arrangement_broken', 'Your payment arrangement is cancelled: the instalment of Dec 6, 2026 was not paid. $100.00 is overdue again.'],
    ]);
    const broken = (await eventsOf(account.id)).filter((e) => e.type === 'arrangement.broken');
    expect(broken).toEqual([
      { type: 'arrangement.broken', data: { arrangementId: String(created.body.id), amount: '100.00', currency: 'CAD', missedDate: '2026-12-06', unpaid: '100.00' } },
    ]);
    // Broken, it counts against the policy: one is allowed, so the account may still arrange once more.
    expect((await call(await freshHeaders(user), 'GET', `/b/v1/Arrangement/options/${account.id}`)).body).toMatchObject({ eligible: true });
  });

  it('pauses automatic payments for the invoices it covers, and they resume once it is broken', async () => {
    const { account, headers, card } = await overdueCustomer();
    const db = ctx.database.db;
    await db.update(accounts).set({ paymentMethod: 'Credit Card' }).where(eq(accounts.id, account.id));
    await db.insert(autopaySchedules).values({ accountId: account.id, paymentMethodId: card.id, frequency: 'dueDate', amountType: 'full', fixedAmount: null });
    await arrange(headers, account.id, TWO);
    const deps = appDeps(ctx);
    await runDueAutopay(deps, ctx.clock.now());
    expect(await paymentsOf(account.id)).toEqual([]);

    ctx.clock.set(new Date(Date.parse('2026-12-07T01:00:00Z')));
    await runArrangements(deps, ctx.clock.now());
    await runDueAutopay(deps, ctx.clock.now());
    expect((await paymentsOf(account.id)).map((p) => p.amount)).toEqual(['100.00']);
  });

  it('counts its days as the clock moves, whatever the hour', async () => {
    const { account, headers, card } = await overdueCustomer();
    await arrange(headers, account.id, [{ date: '2026-12-05', amount: 100 }], card.id);
    ctx.clock.set(new Date(Date.parse('2026-12-05T00:00:00Z') - 1));
    await runArrangements(appDeps(ctx), ctx.clock.now());
    expect(await paymentsOf(account.id)).toEqual([]);
    ctx.clock.advance(1);
    await runArrangements(appDeps(ctx), ctx.clock.now());
    expect((await paymentsOf(account.id)).map((p) => p.amount)).toEqual(['100.00']);
    const count = await ctx.database.db.execute<{ n: string }>(sql`select count(*) as n from arrangement_instalments i join arrangements a on a.id = i.arrangement_id
      where a.account_id = ${account.id} and i.charged_at is not null`);
    expect(Number(count.rows[0]!.n)).toBe(1);
  });
});
