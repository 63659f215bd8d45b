/**
 * Events from the real actions (a card saved and paid through the sandbox checkout, a declined one, an offline
 * payment, cards and automatic payments changed, the billing address changed on the customer route and by the
 * provider, a dispute opened and resolved), none for a change that rolled back or a repeat, and the feed that
 * reads them: order, types, limits, bad input, its scope, and a reader resuming after a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_DATA_SCHEMAS, EventFeedPageSchema, stringifyJson, type PortalEvent } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { appDeps, createCustomer, staffHeaders } from '../../../test/billing';
import { createTestDatabase } from '../../../test/database';
import { feedCaughtUp } from '../../../test/event-feed';
import { bearer, createBillingDetails, createInvoice, createPaymentMethod } from '../../../test/factories';
import { charges, events } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { settleDueSandboxPayments, settlePayment } from '../payments';
import { deleteExpiredEvents } from '.';

const NOW = '2026-11-25T12:00:00.000Z';
const ORIGIN = 'http://localhost:3000';

let ctx: TestContext;
let reader: string;
let accounts = 0;

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW), config: { PUBLIC_ORIGIN: ORIGIN } });
  reader = await clientTokenFor(ctx, ['events:read']);
});
afterAll(() => ctx.close());

const feed = (query = '', token = reader, app = ctx.app) => app.inject({ method: 'GET', url: `/p/v1/events${query}`, headers: bearer(token) });

/** Every event of the feed, page by page from the start. */
const allEvents = async (app = ctx.app): Promise<PortalEvent[]> => {
  await feedCaughtUp(ctx.database);
  const all: PortalEvent[] = [];
  let after = '';
  for (;;) {
    const res = await feed(`?limit=1000${after && `&after=${after}`}`, reader, app);
    expect(res.statusCode).toBe(200);
    const page = EventFeedPageSchema.parse(res.json());
    all.push(...page.data);
    if (page.data.length === 0) return all;
    after = page.next;
  }
};

/** The account's events, each one's data checked against its type's schema. */
const eventsOf = async (externalId: string): Promise<PortalEvent[]> => {
  const mine = (await allEvents()).filter((e) => e.accountExternalId === externalId);
  for (const event of mine) {
    const schema = EVENT_DATA_SCHEMAS[event.type as keyof typeof EVENT_DATA_SCHEMAS];
    expect(schema().safeParse(event.data).success, `${event.type} ${JSON.stringify(event.data)}`).toBe(true);
  }
  return mine;
};

const customer = async (name = 'Casey Customer') => {
  const externalId = `EVT-${++accounts}`;
  const created = await createCustomer(ctx, { externalId, name });
  const details = await createBillingDetails(ctx.database.db, created.account.id);
  return { ...created, externalId, details };
};

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) =>
  ctx.app.inject({ method, url, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: stringifyJson(body) }) });

const pathOf = (url: string) => new URL(url).pathname;

/** Saves a card through the sandbox checkout page, as the customer does. */
const saveCardThroughCheckout = async (c: Awaited<ReturnType<typeof customer>>, cardNumber: string) => {
  const setup = {
    accountId: c.account.id.toString(),
    order: { name: c.account.name, accountId: c.account.id.toString(), currency: 'CAD' },
    successUrl: `${ORIGIN}/payments?paymentMethodAdded=true`,
    cancelUrl: `${ORIGIN}/payments`,
  };
  const { url } = (await send('POST', '/b/v1/checkoutapi/setup', c.headers, setup)).json<{ url: string }>();
  const saved = await ctx.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/30', cvc: '123', nameOnCard: 'Casey Customer' }).toString(),
  });
  expect(saved.statusCode).toBe(303);
  const methods = (await ctx.app.inject({ url: `/b/v1/PaymentMethod/methods/${c.account.id}`, headers: c.headers })).json<{ value: { paymentMethod: { id: number } }[] }>();
  return methods.value.at(-1)!.paymentMethod.id;
};

const payWithCard = (c: Awaited<ReturnType<typeof customer>>, paymentMethodId: number | bigint, amount: number, key: string) =>
  send('POST', '/b/v1/Payment/customerpayment?autoAssignPayment', { ...c.headers, 'idempotency-key': key }, {
    payment: { accountId: c.account.id.toString(), amount, currency: 'CAD' },
    paymentMethodInfo: { paymentMethodId: String(paymentMethodId) },
  });

describe('events from the real actions', () => {
  it('a card saved through the sandbox checkout and paid with: payment_method.added, then payment.succeeded once settled, by the person', async () => {
    const c = await customer();
    await createInvoice(ctx.database.db, c.account.id, { amount: '80.00', dueDate: '2026-12-21' });
    const cardId = await saveCardThroughCheckout(c, '4242 4242 4242 4242');
    const paid = await payWithCard(c, cardId, 80, 'evt-pay-1');
    expect(paid.json()).toMatchObject({ payment: { status: 'InProgress' } });
    // Not settled yet: nothing to tell of the payment.
    expect((await eventsOf(c.externalId)).map((e) => e.type)).toEqual(['payment_method.added']);
    await settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0);
    // A second settlement run finds nothing to do, and records nothing.
    await settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0);

    const [added, succeeded, ...rest] = await eventsOf(c.externalId);
    expect(rest).toEqual([]);
    expect(added).toMatchObject({
      type: 'payment_method.added',
      version: 1,
      accountExternalId: c.externalId,
      actor: { kind: 'person', name: c.user.name },
      data: { paymentMethodId: String(cardId), brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true },
    });
    expect(added!.id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(succeeded).toMatchObject({
      type: 'payment.succeeded',
      occurredAt: NOW,
      actor: { kind: 'person', name: c.user.name },
      data: { paymentId: String(paid.json().payment.id), amount: '80.00', currency: 'CAD', paymentType: 'Credit Card (Manual)', receiptNumber: expect.stringMatching(/^R-\d{7}$/) },
    });
  });

  it('a card whose charges are declined: payment.failed with the reason', async () => {
    const c = await customer();
    await createInvoice(ctx.database.db, c.account.id, { amount: '30.00', dueDate: '2026-12-21' });
    const cardId = await saveCardThroughCheckout(c, '4000 0000 0000 0341');
    const paid = await payWithCard(c, cardId, 30, 'evt-pay-2');
    await settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0);
    const failed = (await eventsOf(c.externalId)).filter((e) => e.type === 'payment.failed');
    expect(failed).toEqual([
      expect.objectContaining({
        actor: { kind: 'person', name: c.user.name },
        data: { paymentId: String(paid.json().payment.id), amount: '30.00', currency: 'CAD', paymentType: 'Credit Card (Manual)', failureReason: 'card_declined', failureMessage: 'Your card was declined.' },
      }),
    ]);
  });

  it('records nothing for a settlement that rolled back', async () => {
    const c = await customer();
    await createInvoice(ctx.database.db, c.account.id, { amount: '20.00', dueDate: '2026-12-21' });
    const card = await createPaymentMethod(ctx.database.db, c.account.id, { isDefault: true });
    const paid = await payWithCard(c, card.id, 20, 'evt-pay-3');
    const paymentId = BigInt(paid.json().payment.id);
    const deps = appDeps(ctx);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        expect(await settlePayment(tx, ctx.clock.now(), paymentId, { status: 'Successful' }, { notifyManualFailure: true, outbox: deps.outbox })).toBe(true);
        throw new Error('the commit fails');
      }),
    ).rejects.toThrow('the commit fails');
    expect(await eventsOf(c.externalId)).toEqual([]);
  });

  it('an offline payment recorded by the provider: payment.succeeded by the client, once for a repeated call', async () => {
    const c = await customer();
    await createInvoice(ctx.database.db, c.account.id, { amount: '45.00', dueDate: '2026-12-21' });
    const writer = await clientTokenFor(ctx, ['payments:write']);
    const body = { externalId: `PAY-${c.externalId}`, accountExternalId: c.externalId, amount: '45.00', currency: 'CAD', receivedAt: '2026-11-24T09:00:00Z', method: 'bank_transfer' };
    for (let i = 0; i < 2; i++) expect((await send('POST', '/p/v1/payments', bearer(writer), body)).statusCode).toBe(200);
    expect(await eventsOf(c.externalId)).toEqual([
      expect.objectContaining({
        type: 'payment.succeeded',
        actor: { kind: 'client', name: 'Test client payments:write' },
        data: expect.objectContaining({ amount: '45.00', currency: 'CAD', paymentType: 'Bank transfer' }),
      }),
    ]);
  });

  it('cards and automatic payments changed: default_changed, removed, autopay.updated; the same change again records nothing', async () => {
    const c = await customer();
    const mastercard = await createPaymentMethod(ctx.database.db, c.account.id, { brand: 'Mastercard', last4: '4444', isDefault: true });
    const visa = await createPaymentMethod(ctx.database.db, c.account.id, { brand: 'Visa', last4: '4242' });
    const staff = await staffHeaders(ctx);
    for (let i = 0; i < 2; i++) expect((await send('POST', `/b/v1/PaymentMethod/defaultmethod/${visa.id}`, c.headers)).statusCode).toBe(200);
    const schedule = { accountId: c.account.id, paymentMethodId: visa.id, frequency: 'dueDate', amountType: 'full', fixedAmount: null };
    for (let i = 0; i < 2; i++) expect((await send('PUT', `/b/v1/Account/${c.account.id}/autopay`, c.headers, schedule)).statusCode).toBe(200);
    const off = { accountId: c.account.id, paymentMethod: 'Credit Card (Manual)' };
    for (let i = 0; i < 2; i++) expect((await send('POST', '/b/v1/Account/update-default-payment-method', c.headers, off)).statusCode).toBe(200);
    expect((await send('DELETE', `/b/v1/PaymentMethod/methods/${mastercard.id}`, staff)).statusCode).toBe(200);

    const person = { kind: 'person', name: c.user.name };
    const saved = { paymentMethodId: String(visa.id), frequency: 'dueDate', amountType: 'full', fixedAmount: null, includeOverdue: true };
    expect((await eventsOf(c.externalId)).map(({ type, actor, data }) => ({ type, actor, data }))).toEqual([
      { type: 'payment_method.default_changed', actor: person, data: { paymentMethodId: String(visa.id), previousPaymentMethodId: String(mastercard.id) } },
      { type: 'autopay.updated', actor: person, data: { enabled: true, schedule: saved } },
      { type: 'autopay.updated', actor: person, data: { enabled: false, schedule: saved } },
      { type: 'payment_method.removed', actor: { kind: 'staff', name: expect.any(String) }, data: { paymentMethodId: String(mastercard.id), brand: 'Mastercard', last4: '4444' } },
    ]);
  });

  it('the billing address changed on the customer route, and the invoice email by the provider: account.updated with before and after', async () => {
    const c = await customer();
    const { address } = c.details;
    const details = {
      accountId: c.account.id,
      language: c.account.language,
      invoiceEmail: c.account.invoiceEmailAddress,
      addresses: [{ id: address.id, streetNumber: '200', streetName: 'Bay St', city: 'Toronto', province: 'ON', postal: 'M5J 2J5', country: 'CA' }],
      accountAddresses: [],
      contacts: [],
      accountContacts: [],
      deleteAccountAddressIds: [],
      deleteAddressIds: [],
      deleteAccountContactIds: [],
      deleteContactIds: [],
    };
    for (let i = 0; i < 2; i++) expect((await send('PUT', '/b/v1/Account/customerdetails', c.headers, details)).statusCode).toBe(200);

    const writer = await clientTokenFor(ctx, ['accounts:write']);
    const provider = {
      name: c.account.name,
      type: c.account.type,
      currency: 'CAD',
      language: 'English',
      invoiceEmail: 'ap@harbour.example',
      billingContact: { firstName: 'Pat', lastName: 'Lee', primaryEmail: 'pat@example.com', primaryPhone: '+14165550100' },
      billingAddress: { streetNumber: '200', streetName: 'Bay St', city: 'Toronto', province: 'ON', postal: 'M5J 2J5', country: 'CA' },
    };
    const put = await send('PUT', `/p/v1/accounts/${c.externalId}`, bearer(writer), provider);
    expect(put.statusCode, put.body).toBe(200);
    expect((await send('PUT', `/p/v1/accounts/${c.externalId}`, bearer(writer), provider)).statusCode).toBe(200);

    const [onRoute, byProvider, ...rest] = await eventsOf(c.externalId);
    expect(rest).toEqual([]);
    expect(onRoute).toMatchObject({ type: 'account.updated', actor: { kind: 'person', name: c.user.name } });
    expect(Object.keys(onRoute!.data.changes as object)).toEqual(['billingAddress']);
    expect(onRoute!.data.changes).toMatchObject({
      billingAddress: { before: { streetNumber: '100', streetName: 'King St W', postal: 'M5X 1A9' }, after: { streetNumber: '200', streetName: 'Bay St', postal: 'M5J 2J5' } },
    });
    expect(byProvider).toMatchObject({
      type: 'account.updated',
      actor: { kind: 'client', name: 'Test client accounts:write' },
      data: { changes: { invoiceEmail: { before: c.account.invoiceEmailAddress, after: 'ap@harbour.example' } } },
    });
  });

  it('a dispute opened by the customer and resolved by staff: dispute.opened, dispute.resolved with the credit', async () => {
    const c = await customer();
    const invoice = await createInvoice(ctx.database.db, c.account.id, { amount: '80.00', startDate: '2026-10-01', endDate: '2026-10-31', dueDate: '2026-11-21', postedDate: new Date('2026-11-01T00:00:00Z') });
    const [line] = await ctx.database.db.select({ id: charges.id }).from(charges).where(eq(charges.invoiceId, invoice.id));
    const opened = await send('POST', '/b/v1/Dispute', c.headers, { chargeId: String(line!.id), reason: 'WrongAmount', details: 'Billed twice.', amount: 12.5 });
    expect(opened.statusCode, opened.body).toBe(200);
    const disputeId = String(opened.json().id);
    const staff = await staffHeaders(ctx);
    expect((await send('POST', `/b/v1/Dispute/${disputeId}/review`, staff)).statusCode).toBe(200);
    const resolved = await send('POST', `/b/v1/Dispute/${disputeId}/resolve`, staff, { outcome: 'Resolved', creditedAmount: 10 });
    expect(resolved.statusCode, resolved.body).toBe(200);
    // A credit above what was disputed is refused and rolls back: no event.
    expect((await send('POST', `/b/v1/Dispute/${disputeId}/resolve`, staff, { outcome: 'Resolved', creditedAmount: 10 })).statusCode).toBe(409);

    const [open, resolution, ...rest] = await eventsOf(c.externalId);
    expect(rest).toEqual([]);
    expect(open).toMatchObject({
      type: 'dispute.opened',
      actor: { kind: 'person', name: c.user.name },
      data: { disputeId, invoiceId: String(invoice.id), chargeId: String(line!.id), cdrId: null, amount: '12.50', currency: 'CAD', reason: 'WrongAmount' },
    });
    expect(resolution).toMatchObject({
      type: 'dispute.resolved',
      actor: { kind: 'staff' },
      data: { disputeId, outcome: 'Resolved', creditedAmount: '10.00', creditNoteId: expect.stringMatching(/^\d+$/), rejectionReason: null },
    });
  });
});

describe('GET /p/v1/events', () => {
  it('answers in one total order, filters by types, pages by limit, and next resumes after the last event', async () => {
    const c = await customer();
    const staff = await staffHeaders(ctx);
    const cards = [];
    for (const last4 of ['1111', '2222', '3333']) cards.push(await createPaymentMethod(ctx.database.db, c.account.id, { last4, isDefault: last4 === '1111' }));
    for (const card of cards.slice(1)) expect((await send('POST', `/b/v1/PaymentMethod/defaultmethod/${card.id}`, staff)).statusCode).toBe(200);
    expect((await send('DELETE', `/b/v1/PaymentMethod/methods/${cards[0]!.id}`, staff)).statusCode).toBe(200);

    const all = await allEvents();
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Pages of one event each give the same order, without a gap or a repeat.
    const paged: string[] = [];
    let next = '';
    for (let i = 0; i < ids.length + 1; i++) {
      const page = (await feed(`?limit=1${next && `&after=${next}`}`)).json<{ data: PortalEvent[]; next: string }>();
      expect(page.data.length).toBeLessThanOrEqual(1);
      paged.push(...page.data.map((e) => e.id));
      if (page.data.length === 0 && next) expect(page.next).toBe(next);
      next = page.next;
    }
    expect(paged).toEqual(ids);

    await feedCaughtUp(ctx.database);
    const removals = (await feed('?types=payment_method.removed,person.removed')).json<{ data: PortalEvent[] }>().data;
    expect(removals.length).toBeGreaterThan(0);
    expect(removals.every((e) => e.type === 'payment_method.removed' || e.type === 'person.removed')).toBe(true);
    expect(removals.map((e) => e.id)).toEqual(all.filter((e) => e.type === 'payment_method.removed' || e.type === 'person.removed').map((e) => e.id));

    expect((await feed('')).json().data).toHaveLength(Math.min(100, ids.length));
  });

  it.each([
    ['?limit=0', 'limit must be at least 1', 'limit'],
    ['?limit=1001', 'limit must be at most 1000', 'limit'],
    ['?limit=ten', 'limit must be a whole number', 'limit'],
    ['?types=payment.succeeded,payment.stolen', 'Unknown event type: payment.stolen', 'types.1'],
    ['?after=bm90LWEtY3Vyc29y', 'after must be a cursor the feed answered as next', 'after'],
    ['?after=a%20b', 'after must be a cursor the feed answered as next', 'after'],
  ])('refuses %s with 400 naming the field', async (query, message, field) => {
    const res = await feed(query);
    expect(res.statusCode).toBe(400);
    const { error, fields } = res.json<{ error: string; fields?: Record<string, string> }>();
    expect(error).toContain(message);
    // The query's own checks name the field in the message; the cursor, read by the service, in `fields` too.
    if (field === 'after' && !query.includes('%20')) expect(fields).toEqual({ after: message });
    else expect(error).toContain(`querystring.${field}: ${message}`);
  });

  it('refuses a client without events:read with 403', async () => {
    const other = await clientTokenFor(ctx, ['payments:write']);
    const res = await feed('', other);
    expect(res.statusCode).toBe(403);
  });

  it('a reader resumed from its cursor after a restart (a new app on the same database) misses and repeats nothing', async () => {
    const database = await createTestDatabase();
    const clock = createTestClock(NOW);
    const first = await buildTestApp({ clock, database });
    const token = await clientTokenFor(first, ['events:read', 'payments:write']);
    const c = await createCustomer(first, { externalId: 'EVT-RESTART' });
    await createInvoice(database.db, c.account.id, { amount: '90.00', dueDate: '2026-12-21' });
    const pay = (app: TestContext['app'], n: number) =>
      app.inject({
        method: 'POST',
        url: '/p/v1/payments',
        headers: bearer(token),
        payload: { externalId: `RESTART-${n}`, accountExternalId: 'EVT-RESTART', amount: '10.00', currency: 'CAD', receivedAt: '2026-11-24T09:00:00Z', method: 'cash' },
      });
    const read = async (app: TestContext['app'], after: string) => (await app.inject({ url: `/p/v1/events?limit=2${after && `&after=${after}`}`, headers: bearer(token) })).json<{ data: PortalEvent[]; next: string }>();

    const seen: string[] = [];
    let cursor = '';
    for (let n = 1; n <= 3; n++) expect((await pay(first.app, n)).statusCode).toBe(200);
    await feedCaughtUp(database);
    const page = await read(first.app, cursor);
    seen.push(...page.data.map((e) => e.id));
    cursor = page.next;
    for (let n = 4; n <= 5; n++) expect((await pay(first.app, n)).statusCode).toBe(200);
    await first.app.close();

    const second = await buildTestApp({ clock, database });
    for (let n = 6; n <= 7; n++) expect((await pay(second.app, n)).statusCode).toBe(200);
    await feedCaughtUp(database);
    for (let more = await read(second.app, cursor); more.data.length > 0; more = await read(second.app, cursor)) {
      seen.push(...more.data.map((e) => e.id));
      cursor = more.next;
    }
    const stored = await database.db.select({ id: events.id }).from(events).orderBy(events.transactionId, events.seq);
    expect(seen).toEqual(stored.map((e) => e.id));
    expect(new Set(seen).size).toBe(seen.length);
    await second.close();
    await database.close();
  });
});

describe('retention', () => {
  it('deletes events older than EVENT_RETENTION_DAYS and keeps the rest', async () => {
    const c = await customer();
    const card = await createPaymentMethod(ctx.database.db, c.account.id, { isDefault: false });
    expect((await send('POST', `/b/v1/PaymentMethod/defaultmethod/${card.id}`, c.headers)).statusCode).toBe(200);
    const before = (await eventsOf(c.externalId)).length;
    expect(before).toBe(1);
    expect(await deleteExpiredEvents(ctx.database.db, new Date(Date.parse(NOW) + 29 * 86_400_000))).toBe(0);
    expect(await deleteExpiredEvents(ctx.database.db, new Date(Date.parse(NOW) + 30 * 86_400_000 + 1))).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(c.externalId)).toEqual([]);
  });
});
