import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer, staffHeaders } from '../../../test/billing';
import { createBillingDetails, createInvoice } from '../../../test/factories';
import { startStripeStandin, type StripeStandin } from '../../../test/stripe-standin';
import { accounts, auditLog, notifications, paymentMethods, payments } from '../../db/schema';

const NOW = '2025-06-10T12:00:00Z';
const ORIGIN = 'http://localhost:3000';
const WEBHOOK_SECRET = 'whsec_standin_secret';
const SUCCESS = `${ORIGIN}/payments?paymentMethodAdded=true`;

let standin: StripeStandin;
let ctx: TestContext;

beforeAll(async () => {
  standin = await startStripeStandin();
  ctx = await buildTestApp({
    clock: createTestClock(NOW),
    config: {
      PUBLIC_ORIGIN: ORIGIN,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standin.url,
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await standin.close();
});
beforeEach(() => ctx.clock.set(NOW));

let eventNumber = 0;
/** A webhook delivery signed as Stripe signs it, at the app clock's time. */
const deliver = (type: string, object: Record<string, unknown>, options: { id?: string; secret?: string } = {}) => {
  const payload = JSON.stringify({ id: options.id ?? `evt_${++eventNumber}`, object: 'event', type, api_version: '2025-01-01', created: 0, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
  });
  return ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
};

const setupBody = (accountId: bigint) => ({
  accountId: accountId.toString(),
  order: { name: 'Test', accountId: accountId.toString(), currency: 'CAD' },
  successUrl: SUCCESS,
  cancelUrl: `${ORIGIN}/payments`,
});

/** A customer who has saved a card through Stripe Checkout (completed by webhook). */
const customerWithCard = async (last4: '4242' | '0341') => {
  const customer = await createCustomer(ctx);
  await createBillingDetails(ctx.database.db, customer.account.id);
  const { id } = (await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/setup', headers: customer.headers, payload: setupBody(customer.account.id) })).json();
  standin.completeSession(id, last4);
  expect((await deliver('checkout.session.completed', { id, object: 'checkout.session', mode: 'setup' })).statusCode).toBe(200);
  const [card] = await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, customer.account.id));
  return { ...customer, sessionId: id as string, card: card! };
};

/** A refund made at Stripe directly (its dashboard), as the stand-in's own API takes it. */
const stripeRefundOutsideThePortal = async (paymentIntent: string, amount: number) => {
  const res = await fetch(`${standin.url}/v1/refunds`, { method: 'POST', body: new URLSearchParams({ payment_intent: paymentIntent, amount: String(amount) }) });
  expect(res.status).toBe(200);
};

const pay = (c: Awaited<ReturnType<typeof customerWithCard>>, amount: number, key: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/b/v1/Payment/customerpayment?autoAssignPayment',
    headers: { ...c.headers, 'idempotency-key': key },
    payload: { payment: { accountId: c.account.id.toString(), amount, currency: 'CAD' }, paymentMethodInfo: { paymentMethodId: c.card.id.toString() } },
  });

describe('stripe adapter against the local stand-in', () => {
  it("answers Stripe's publishable key", async () => {
    const { headers } = await createCustomer(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/b/v1/CheckoutApi/stripepublickey', headers });
    expect(res.json()).toEqual({ publicKey: 'pk_test_standin', provider: 'stripe' });
  });

  it('opens a setup-mode Checkout Session for one Customer per account, returning through our completion route', async () => {
    const { account, headers } = await createCustomer(ctx);
    await createBillingDetails(ctx.database.db, account.id);
    const first = await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/setup', headers, payload: setupBody(account.id) });
    expect(first.statusCode).toBe(200);
    const { id, url } = first.json();
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${id}`);
    const session = standin.sessions.get(id)!;
    expect(session).toMatchObject({
      mode: 'setup',
      success_url: `${ORIGIN}/b/v1/checkoutapi/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/payments`,
      metadata: { accountId: String(account.id) },
      allowed_payment_method_types: ['card'],
    });
    const [row] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row!.providerCustomerRef).toBe(session.customer);

    const customersBefore = standin.customers.size;
    const second = (await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/setup', headers, payload: setupBody(account.id) })).json();
    expect(standin.sessions.get(second.id)!.customer).toBe(session.customer);
    expect(standin.customers.size).toBe(customersBefore);
  });

  it('saves the card on checkout.session.completed once, however often the event or the return arrives', async () => {
    const c = await customerWithCard('4242');
    expect(c.card).toMatchObject({ provider: 'stripe', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true });
    const duplicate = await deliver('checkout.session.completed', { id: c.sessionId, object: 'checkout.session', mode: 'setup' }, { id: `evt_${eventNumber}` });
    expect(duplicate.statusCode).toBe(200);
    expect(duplicate.json()).toEqual({ received: true, outcome: 'duplicate' });
    const ret = await ctx.app.inject({ method: 'GET', url: `/b/v1/checkoutapi/complete?session_id=${c.sessionId}` });
    expect(ret.statusCode).toBe(303);
    expect(ret.headers.location).toBe(SUCCESS);
    expect(await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, c.account.id))).toHaveLength(1);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, c.account.id));
    expect(audit.filter((a) => a.action === 'payment_method.added')).toHaveLength(1);
  });

  it("refuses a card whose Stripe fingerprint is already saved on the account, and detaches Stripe's new copy", async () => {
    const c = await customerWithCard('4242');
    expect(c.card.fingerprint).toBe('Xt5EWLLDS7FJjR1c');
    const { id } = (await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/setup', headers: c.headers, payload: setupBody(c.account.id) })).json();
    const { paymentMethodId } = standin.completeSession(id, '4242');
    // The webhook comes first and refuses it; the browser's return then says why.
    expect((await deliver('checkout.session.completed', { id, object: 'checkout.session', mode: 'setup' })).statusCode).toBe(200);
    const ret = await ctx.app.inject({ method: 'GET', url: `/b/v1/checkoutapi/complete?session_id=${id}` });
    expect(ret.headers.location).toBe(`${ORIGIN}/payments?cardNotSaved=duplicate`);
    expect(await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, c.account.id))).toEqual([
      expect.objectContaining({ id: c.card.id }),
    ]);
    expect(standin.requests.some((r) => r.method === 'POST' && r.path === `/v1/payment_methods/${paymentMethodId}/detach`)).toBe(true);
  });

  it('the return route saves the card when it arrives before the webhook', async () => {
    const { account, headers } = await createCustomer(ctx);
    await createBillingDetails(ctx.database.db, account.id);
    const { id } = (await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/setup', headers, payload: setupBody(account.id) })).json();
    standin.completeSession(id, '4242');
    const ret = await ctx.app.inject({ method: 'GET', url: `/b/v1/checkoutapi/complete?session_id=${id}` });
    expect(ret.headers.location).toBe(SUCCESS);
    expect(await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, account.id))).toHaveLength(1);
  });

  it('charges off-session with our idempotency key and records success at once', async () => {
    const c = await customerWithCard('4242');
    await createInvoice(ctx.database.db, c.account.id, { amount: '75.00' });
    const res = await pay(c, 75, 'stripe-1');
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ payment: { status: 'Successful', amount: 75, card: { brand: 'Visa', last4: '4242' } }, error: null });
    const request = standin.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(request.idempotencyKey).toBe(`portal-payment-${result.payment.id}`);
    expect(request.params).toMatchObject({
      amount: '7500',
      currency: 'cad',
      confirm: 'true',
      off_session: 'true',
      payment_method: c.card.providerRef,
      'metadata[paymentId]': String(result.payment.id),
    });
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(result.payment.id)));
    expect(row!.providerRef).toMatch(/^pi_standin_/);
    const home = (await ctx.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${c.account.id}`, headers: c.headers })).json();
    expect(home.balances).toEqual([{ amount: 0, currency: { code: 'CAD' } }]);
  });

  it('refunds through Stripe with a key per refund, and a refusal by Stripe leaves the refund Failed (docs/decisions/0036-refunds-and-pay-all.md)', async () => {
    const c = await customerWithCard('4242');
    await createInvoice(ctx.database.db, c.account.id, { amount: '50.00' });
    const paid = (await pay(c, 50, 'stripe-refund-1')).json();
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(paid.payment.id)));
    const staff = await staffHeaders(ctx);
    const refund = (amount: number) =>
      ctx.app.inject({ method: 'POST', url: `/b/v1/Payment/${paid.payment.id}/refund`, headers: staff, payload: { amount, reason: 'Service outage credit' } });
    const res = await refund(20);
    expect(res.statusCode).toBe(200);
    const done = res.json();
    expect(done).toMatchObject({ status: 'Succeeded', amount: 20 });
    const request = standin.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(request.idempotencyKey).toBe(`portal-refund-${done.id}`);
    expect(request.params).toMatchObject({ payment_intent: row!.providerRef, amount: '2000', 'metadata[refundId]': String(done.id) });
    expect([...standin.refunds.values()].filter((r) => r.paymentIntent === row!.providerRef)).toEqual([{ paymentIntent: row!.providerRef, amount: 2000 }]);
    const home = (await ctx.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${c.account.id}`, headers: c.headers })).json();
    expect(home.balances).toEqual([{ amount: -20, currency: { code: 'CAD' } }]);

    // Stripe refuses what it no longer holds (a refund made outside the portal took it): Failed, in its words.
    standin.refunds.clear();
    await stripeRefundOutsideThePortal(row!.providerRef!, 3000);
    const refused = (await refund(30)).json();
    expect(refused).toMatchObject({ status: 'Failed', failureMessage: expect.stringContaining('greater than unrefunded amount') });
  });

  it('a 402 card_error answers 200 with the Error payment and "Your card was declined."', async () => {
    const c = await customerWithCard('0341');
    await createInvoice(ctx.database.db, c.account.id, { amount: '75.00' });
    const res = await pay(c, 75, 'stripe-2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ payment: { status: 'Error' }, error: 'Your card was declined.' });
    const home = (await ctx.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${c.account.id}`, headers: c.headers })).json();
    expect(home.balances).toEqual([{ amount: -75, currency: { code: 'CAD' } }]);
    // A late payment_failed webhook for the same charge changes nothing and notifies no one.
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(res.json().payment.id)));
    await deliver('payment_intent.payment_failed', { id: row!.providerRef, object: 'payment_intent', metadata: { paymentId: String(row!.id) }, last_payment_error: { message: 'Your card was declined.' } });
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.accountId, c.account.id))).toEqual([]);
  });

  it('settles a processing charge by payment_intent.succeeded, and by payment_intent.payment_failed', async () => {
    const c = await customerWithCard('4242');
    await createInvoice(ctx.database.db, c.account.id, { amount: '100.00' });
    standin.processNextCharge();
    const ok = (await pay(c, 40, 'stripe-3')).json();
    expect(ok.payment.status).toBe('InProgress');
    const [okRow] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(ok.payment.id)));
    const delivered = await deliver('payment_intent.succeeded', { id: okRow!.providerRef, object: 'payment_intent', metadata: { paymentId: String(okRow!.id) } });
    expect(delivered.json()).toEqual({ received: true, outcome: 'processed' });
    expect((await ctx.database.db.select().from(payments).where(eq(payments.id, okRow!.id)))[0]!.status).toBe('Successful');

    standin.processNextCharge();
    const failing = (await pay(c, 60, 'stripe-4')).json();
    const [failRow] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(failing.payment.id)));
    await deliver('payment_intent.payment_failed', {
      id: failRow!.providerRef,
      object: 'payment_intent',
      metadata: {},
      last_payment_error: { message: 'Your card has insufficient funds.', code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    expect((await ctx.database.db.select().from(payments).where(eq(payments.id, failRow!.id)))[0]).toMatchObject({
      status: 'Error',
      failureReason: 'insufficient_funds',
      failureMessage: 'Your card has insufficient funds.',
    });
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.accountId, c.account.id));
    expect(notes.map((n) => n.message).sort()).toEqual(['Your payment of $40.00 was received. Thank you.', 'Your payment of $60.00 failed: The card has insufficient funds.']);
  });

  it('refuses a webhook whose signature does not verify, or that has none', async () => {
    const bad = await deliver('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent', metadata: {} }, { secret: 'whsec_wrong' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid webhook signature.' });
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ error: 'Missing Stripe-Signature header.' });
    ctx.clock.advance(10 * 60_000);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload: '{}', secret: WEBHOOK_SECRET, timestamp: Math.floor(new Date(NOW).getTime() / 1000) });
    const old = await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': stale }, payload: '{}' });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ error: 'Invalid webhook signature.' });
    ctx.clock.set(NOW);
    const fresh = Stripe.webhooks.generateTestHeaderString({ payload: '{}', secret: WEBHOOK_SECRET, timestamp: Math.floor(new Date(NOW).getTime() / 1000) });
    const malformed = await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': fresh }, payload: '{}' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'The webhook event is malformed.' });
  });

  it('answers non-2xx when processing fails, so the retried event does the work', async () => {
    const { account, headers } = await createCustomer(ctx);
    await createBillingDetails(ctx.database.db, account.id);
    const { id } = (await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/setup', headers, payload: setupBody(account.id) })).json();
    standin.completeSession(id, '4242');
    standin.failNextRequest();
    const failed = await deliver('checkout.session.completed', { id, object: 'checkout.session', mode: 'setup' }, { id: 'evt_retry' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ error: 'An unexpected server error occurred.' });
    const retried = await deliver('checkout.session.completed', { id, object: 'checkout.session', mode: 'setup' }, { id: 'evt_retry' });
    expect(retried.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, account.id))).toHaveLength(1);
  });

  it('detaches a deleted card at Stripe', async () => {
    const c = await customerWithCard('4242');
    const { id } = (await ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/setup', headers: c.headers, payload: setupBody(c.account.id) })).json();
    standin.completeSession(id, '4444');
    await deliver('checkout.session.completed', { id, object: 'checkout.session', mode: 'setup' });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/b/v1/PaymentMethod/methods/${c.card.id}`, headers: c.headers });
    expect(res.statusCode).toBe(200);
    expect(standin.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_methods/${c.card.providerRef}/detach` });
  });
});
