import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type PaymentResult } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { appDeps, createCustomer } from '../../../test/billing';
import { createInvoice, createPaymentMethod } from '../../../test/factories';
import { notifications, paymentAssignments, payments } from '../../db/schema';
import { createSandboxProvider } from '../../card-providers/sandbox/provider';
import type { ChargeInput, PaymentProvider } from '../../card-providers/provider';
import { settleDueSandboxPayments } from '.';
import { resubmitUnconfirmedCharges } from '.';

const NOW = '2025-06-10T12:00:00.000Z';
const SETTLE_MS = 2000;

/** The sandbox, with a switch tests use to make the processor unreachable or decline at once. */
const charges: ChargeInput[] = [];
let mode: 'normal' | 'unreachable' | 'decline' = 'normal';
let ctx: TestContext;

beforeAll(async () => {
  const clock = createTestClock(NOW);
  const { createTestDatabase } = await import('../../../test/database');
  const database = await createTestDatabase();
  const sandbox = createSandboxProvider({ db: database.db, publicOrigin: 'http://localhost:3000' });
  const provider: PaymentProvider = {
    ...sandbox,
    charge: async (input) => {
      charges.push(input);
      if (mode === 'unreachable') throw new Error('connect ECONNREFUSED');
      if (mode === 'decline') return { status: 'failed', providerRef: null, failureReason: 'insufficient_funds', failureMessage: 'Your card has insufficient funds.' };
      return sandbox.charge(input);
    },
  };
  const built = await buildTestApp({ clock, database, paymentProvider: provider });
  ctx = { ...built, close: async () => (await built.close(), await database.close()) };
});
afterAll(() => ctx.close());
beforeEach(async () => {
  // Close what earlier tests left open, so each test's settlement counts are its own.
  mode = 'normal';
  ctx.clock.set('2030-01-01T00:00:00Z');
  await resubmitUnconfirmedCharges(appDeps(ctx), ctx.clock.now());
  await settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0);
  ctx.clock.set(NOW);
  charges.length = 0;
});

/** A customer with two posted invoices (100.00 due in March, 50.00 due in April) and a default Visa. */
const setup = async () => {
  const customer = await createCustomer(ctx);
  const db = ctx.database.db;
  const march = await createInvoice(db, customer.account.id, { dueDate: '2025-03-21', amount: '100.00' });
  const april = await createInvoice(db, customer.account.id, { dueDate: '2025-04-21', amount: '50.00' });
  const card = await createPaymentMethod(db, customer.account.id, { isDefault: true });
  return { ...customer, march, april, card };
};

type Setup = Awaited<ReturnType<typeof setup>>;

const body = (s: Pick<Setup, 'account' | 'card'>, amount: number | string, extra: Record<string, unknown> = {}) => ({
  payment: { id: 0, status: 'InProgress', type: 'Credit Card (Manual)', accountId: s.account.id.toString(), amount, currency: 'CAD', description: 'Payment', ...extra },
  paymentMethodInfo: { paymentMethodId: s.card.id.toString(), cardId: s.card.providerRef, selected: true },
});

const pay = (s: Pick<Setup, 'headers'>, payload: unknown, options: { query?: string; key?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/b/v1/Payment/customerpayment${options.query ?? '?autoAssignPayment'}`,
    headers: { ...s.headers, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: payload as object,
  });

const assignmentsOf = async (paymentId: bigint | number | string) =>
  (await ctx.database.db.select().from(paymentAssignments).where(eq(paymentAssignments.paymentId, BigInt(paymentId))).orderBy(paymentAssignments.id)).map(
    (a) => ({ arId: a.receivableId, amount: a.amount }),
  );

const paymentCount = async (accountId: bigint) =>
  Number((await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from payments where account_id = ${accountId}`)).rows[0]!.n);

const home = async (s: Pick<Setup, 'account' | 'headers'>) =>
  (await ctx.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${s.account.id}`, headers: s.headers })).json();

const settle = (advanceMs = SETTLE_MS) => {
  ctx.clock.advance(advanceMs);
  return settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), SETTLE_MS);
};

describe('POST /b/v1/Payment/customerpayment', () => {
  it('takes a partial payment on the oldest invoice and answers the InProgress payment with its card', async () => {
    const s = await setup();
    const res = await pay(s, body(s, 30));
    expect(res.statusCode).toBe(200);
    const result = res.json() as PaymentResult;
    expect(result).toEqual({
      payment: {
        id: expect.any(Number),
        date: NOW,
        amount: 30,
        currency: 'CAD',
        status: 'InProgress',
        description: 'Payment',
        type: 'Credit Card (Manual)',
        card: { brand: 'Visa', last4: '4242' },
        method: null,
        failureReason: null,
      },
      error: null,
    });
    expect(await assignmentsOf(result.payment!.id)).toEqual([{ arId: s.march.arId, amount: '30.00' }]);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountMinor: 3000n, currency: 'CAD', paymentMethodRef: s.card.providerRef });
  });

  it('spreads a payment over several invoices, oldest first', async () => {
    const s = await setup();
    const result = (await pay(s, body(s, 120))).json() as PaymentResult;
    expect(await assignmentsOf(result.payment!.id)).toEqual([
      { arId: s.march.arId, amount: '100.00' },
      { arId: s.april.arId, amount: '20.00' },
    ]);
  });

  it('assigns oldest first also without the autoAssignPayment flag (the ledger keeps no unapplied credit)', async () => {
    const s = await setup();
    const result = (await pay(s, body(s, 100.5), { query: '' })).json() as PaymentResult;
    expect(await assignmentsOf(result.payment!.id)).toEqual([
      { arId: s.march.arId, amount: '100.00' },
      { arId: s.april.arId, amount: '0.50' },
    ]);
  });

  it('honours explicit assignments to an invoice', async () => {
    const s = await setup();
    const res = await pay(s, { ...body(s, 50), paymentAssignments: [{ id: 0, paymentId: 0, arId: s.april.arId!.toString(), amount: 50 }] }, { query: '?autoAssignPayment=false' });
    expect(res.statusCode).toBe(200);
    expect(await assignmentsOf((res.json() as PaymentResult).payment!.id)).toEqual([{ arId: s.april.arId, amount: '50.00' }]);
  });

  it.each([
    ['more than the balance owing', 150.01, PAYMENT_MESSAGES.moreThanOwing],
    ['far more than owing', 1000, PAYMENT_MESSAGES.moreThanOwing],
  ])('refuses %s with 400 and records nothing', async (_name, amount, message) => {
    const s = await setup();
    const res = await pay(s, body(s, amount));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(await paymentCount(s.account.id)).toBe(0);
    expect(charges).toHaveLength(0);
  });

  it('refuses a payment when nothing is owing', async () => {
    const customer = await createCustomer(ctx);
    const card = await createPaymentMethod(ctx.database.db, customer.account.id, { isDefault: true });
    const res = await pay(customer, body({ account: customer.account, card }, 10));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PAYMENT_MESSAGES.moreThanOwing });
  });

  it.each([
    ['zero', 0, 'body.payment.amount: Please enter a valid payment amount.'],
    ['negative', -5, 'body.payment.amount: Please enter a valid payment amount.'],
    ['three decimals', 1.005, 'body.payment.amount: Amount must have at most 2 decimals'],
  ])('refuses a %s amount', async (_name, amount, error) => {
    const s = await setup();
    const res = await pay(s, body(s, amount));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error, fields: { 'payment.amount': error.replace('body.payment.amount: ', '') } });
  });

  it("refuses a currency other than the account's", async () => {
    const s = await setup();
    const res = await pay(s, body(s, 10, { currency: 'USD' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Payments on this account must be in CAD.' });
  });

  it('refuses an expired card with a clear message', async () => {
    const s = await setup();
    const expired = await createPaymentMethod(ctx.database.db, s.account.id, { brand: 'Mastercard', last4: '4444', expMonth: 5, expYear: 2025 });
    const res = await pay(s, body({ account: s.account, card: expired }, 10));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PAYMENT_MESSAGES.cardExpired });
  });

  it("answers 404 for another account's card, invoice or account, exactly as for unknown ones", async () => {
    const s = await setup();
    const other = await setup();
    const withOtherCard = await pay(s, body({ account: s.account, card: other.card }, 10));
    expect(withOtherCard.statusCode).toBe(404);
    expect(withOtherCard.json()).toEqual({ error: 'The payment method was not found.' });

    const toOtherInvoice = await pay(s, { ...body(s, 10), paymentAssignments: [{ arId: other.march.arId!.toString(), amount: 10 }] });
    expect(toOtherInvoice.statusCode).toBe(404);
    expect(toOtherInvoice.json()).toEqual({ error: 'The invoice to pay was not found.' });

    const onOtherAccount = await pay(s, body(other, 10));
    const onUnknownAccount = await pay(s, body({ account: { ...other.account, id: 987654321n }, card: other.card }, 10));
    expect(onOtherAccount.statusCode).toBe(404);
    expect(onOtherAccount.json()).toEqual({ error: 'The account was not found.' });
    expect(onUnknownAccount.json()).toEqual(onOtherAccount.json());
    expect(await paymentCount(other.account.id)).toBe(0);
  });

  it.each([
    ['more than the invoice has open', (s: Setup) => [{ arId: s.april.arId!.toString(), amount: 50.01 }], 50.01, PAYMENT_MESSAGES.moreThanOwing],
    ['a sum other than the payment', (s: Setup) => [{ arId: s.april.arId!.toString(), amount: 20 }], 30, PAYMENT_MESSAGES.assignmentsSum],
    [
      'the same invoice twice',
      (s: Setup) => [
        { arId: s.april.arId!.toString(), amount: 10 },
        { arId: s.april.arId!.toString(), amount: 10 },
      ],
      20,
      PAYMENT_MESSAGES.duplicateAssignment,
    ],
  ])('refuses explicit assignments of %s', async (_name, assignments, amount, error) => {
    const s = await setup();
    const res = await pay(s, { ...body(s, amount), paymentAssignments: assignments(s) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
  });

  it('asks for a session', async () => {
    const s = await setup();
    const res = await ctx.app.inject({ method: 'POST', url: '/b/v1/Payment/customerpayment', payload: body(s, 10) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue.' });
  });

  it('refuses an unusable idempotency key', async () => {
    const s = await setup();
    const res = await pay(s, body(s, 10), { key: 'x'.repeat(256) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PAYMENT_MESSAGES.idempotencyKeyInvalid });
  });
});

describe('settlement and the ledger', () => {
  it('changes the balance only once the charge settles', async () => {
    const s = await setup();
    expect((await home(s)).balances).toEqual([{ amount: -150, currency: { code: 'CAD' } }]);
    const result = (await pay(s, body(s, 120))).json() as PaymentResult;
    expect((await home(s)).balances).toEqual([{ amount: -150, currency: { code: 'CAD' } }]);

    expect(await settle(SETTLE_MS - 1)).toBe(0);
    expect(await settle(1)).toBe(1);
    const after = await home(s);
    expect(after.balances).toEqual([{ amount: -30, currency: { code: 'CAD' } }]);
    expect(after.recentPayments[0]).toMatchObject({ id: result.payment!.id, status: 'Successful' });
    expect(after.paymentDueDate).toBe('2025-04-21');
    expect(await settle()).toBe(0);
  });

  it('a failed charge (card 4000…0341) ends in Error, leaves the balance, reopens the amount and tells the customer', async () => {
    const s = await setup();
    const declining = await createPaymentMethod(ctx.database.db, s.account.id, { last4: '0341', declinesCharges: true });
    const result = (await pay(s, body({ account: s.account, card: declining }, 150))).json() as PaymentResult;
    expect(result.payment!.status).toBe('InProgress');
    expect(await settle()).toBe(1);

    const after = await home(s);
    expect(after.balances).toEqual([{ amount: -150, currency: { code: 'CAD' } }]);
    expect(after.recentPayments[0]).toMatchObject({ id: result.payment!.id, status: 'Error', failureReason: 'card_declined' });
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(result.payment!.id)));
    expect(row).toMatchObject({ failureReason: 'card_declined', failureMessage: 'Your card was declined.' });
    // The card that paid it is marked where cards are chosen.
    const cards = (await ctx.app.inject({ method: 'GET', url: `/b/v1/PaymentMethod/methods/${s.account.id}`, headers: s.headers })).json();
    const marks = cards.value.map((c: { paymentMethod: { id: number; lastChargeFailed: boolean } }) => [c.paymentMethod.id, c.paymentMethod.lastChargeFailed]);
    expect(marks).toEqual(
      expect.arrayContaining([
        [Number(s.card.id), false],
        [Number(declining.id), true],
      ]),
    );
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.accountId, s.account.id));
    expect(notes.map((n) => [n.kind, n.message])).toEqual([['payment_failed', 'Your payment of $150.00 failed: Your card was declined.']]);

    // The failed payment no longer holds the invoices: the whole amount can be paid again.
    expect((await pay(s, body(s, 150))).statusCode).toBe(200);
  });

  it('answers a decline at submit with the Error payment and the reason, status 200', async () => {
    const s = await setup();
    mode = 'decline';
    const res = await pay(s, body(s, 40));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      payment: { status: 'Error', amount: 40, failureReason: 'insufficient_funds' },
      error: 'The card has insufficient funds.',
    });
    const after = await home(s);
    expect(after.balances).toEqual([{ amount: -150, currency: { code: 'CAD' } }]);
    expect(after.recentPayments[0]).toMatchObject({ status: 'Error', failureReason: 'insufficient_funds' });
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(res.json().payment.id)));
    // The provider's own words are kept for staff; the customer reads the reason in their language.
    expect(row).toMatchObject({ failureReason: 'insufficient_funds', failureMessage: 'Your card has insufficient funds.' });
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.accountId, s.account.id));
    expect(notes).toEqual([]);
  });

  it('keeps a charge the provider never confirmed InProgress and resubmits it with the same key', async () => {
    const s = await setup();
    mode = 'unreachable';
    const result = (await pay(s, body(s, 25))).json() as PaymentResult;
    expect(result).toMatchObject({ payment: { status: 'InProgress' }, error: null });
    mode = 'normal';
    // The first retry is due 15 s after the failed attempt.
    ctx.clock.advance(14_000);
    expect(await resubmitUnconfirmedCharges(appDeps(ctx), ctx.clock.now())).toBe(0);
    ctx.clock.advance(1_000);
    expect(await resubmitUnconfirmedCharges(appDeps(ctx), ctx.clock.now())).toBe(1);
    expect(charges.map((c) => c.idempotencyKey)).toEqual([`portal-payment-${result.payment!.id}`, `portal-payment-${result.payment!.id}`]);
    expect(await resubmitUnconfirmedCharges(appDeps(ctx), ctx.clock.now())).toBe(0);
    expect(await settle()).toBe(1);
  });

  it('gives up on a charge the provider has not confirmed for an hour', async () => {
    const s = await setup();
    mode = 'unreachable';
    const result = (await pay(s, body(s, 25))).json() as PaymentResult;
    ctx.clock.advance(61 * 60_000);
    expect(await resubmitUnconfirmedCharges(appDeps(ctx), ctx.clock.now())).toBe(1);
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(result.payment!.id)));
    expect(row).toMatchObject({ status: 'Error', failureReason: 'processor_unavailable', failureMessage: PAYMENT_MESSAGES.processorUnavailable });
  });
});

describe('idempotency', () => {
  it('a retry with the same key returns the same payment and charges once', async () => {
    const s = await setup();
    const first = (await pay(s, body(s, 10), { key: 'attempt-1' })).json() as PaymentResult;
    const second = await pay(s, body(s, 10), { key: 'attempt-1' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first);
    expect(await paymentCount(s.account.id)).toBe(1);
    expect(charges).toHaveLength(1);
  });

  it("uses the client's non-zero payment id as the key", async () => {
    const s = await setup();
    const first = (await pay(s, body(s, 10, { id: 777 }))).json() as PaymentResult;
    const second = (await pay(s, body(s, 10, { id: 777 }))).json() as PaymentResult;
    expect(second.payment!.id).toBe(first.payment!.id);
    expect(await paymentCount(s.account.id)).toBe(1);
  });

  it('refuses the same key for a different payment', async () => {
    const s = await setup();
    await pay(s, body(s, 10), { key: 'attempt-2' });
    const res = await pay(s, body(s, 11), { key: 'attempt-2' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PAYMENT_MESSAGES.idempotencyKeyReused });
  });

  it('a concurrent double submit with one key creates and charges one payment', async () => {
    const s = await setup();
    const [a, b] = await Promise.all([pay(s, body(s, 60), { key: 'double-click' }), pay(s, body(s, 60), { key: 'double-click' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((a.json() as PaymentResult).payment!.id).toBe((b.json() as PaymentResult).payment!.id);
    expect(await paymentCount(s.account.id)).toBe(1);
    expect(charges).toHaveLength(1);
  });

  it('two submits racing for the last open amount never overpay', async () => {
    const s = await setup();
    const results = await Promise.all([pay(s, body(s, 100), { key: 'tab-1' }), pay(s, body(s, 100), { key: 'tab-2' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ error: PAYMENT_MESSAGES.moreThanOwing });
    expect(await paymentCount(s.account.id)).toBe(1);
    const committed = await ctx.database.db.execute<{ total: string }>(
      sql`select coalesce(sum(pa.amount), 0)::text as total from payment_assignments pa join payments p on p.id = pa.payment_id where p.account_id = ${s.account.id}`,
    );
    expect(committed.rows[0]!.total).toBe('100.00');
  });
});
