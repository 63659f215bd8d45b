/** Stripe's acss_debit and us_bank_account flows against the local stand-in (docs/decisions/0035-bank-debit.md). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { BANK_DEBIT_AGREEMENTS } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer } from '../../../test/billing';
import { createBillingDetails, createInvoice } from '../../../test/factories';
import { startStripeStandin, type StripeStandin } from '../../../test/stripe-standin';
import { bankDebitAgreements, paymentMethods, payments } from '../../db/schema';
import { bankReturnReason } from './bank-debit';

const NOW = '2025-06-10T12:00:00Z';
const ORIGIN = 'http://localhost:3000';
const WEBHOOK_SECRET = 'whsec_standin_secret';
const SUCCESS = `${ORIGIN}/payment-methods?paymentMethodAdded=true`;

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
const deliver = (type: string, object: Record<string, unknown>) => {
  const payload = JSON.stringify({ id: `evt_bank_${++eventNumber}`, object: 'event', type, api_version: '2025-01-01', created: 0, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(ctx.clock.now().getTime() / 1000) });
  return ctx.app.inject({ method: 'POST', url: '/b/v1/checkoutapi/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
};

const scheme = { CAD: 'acss_debit', USD: 'us_bank_account' } as const;

/** A customer who added a bank account through Stripe Checkout, returning through our completion route. */
const customerWithBankAccount = async (currency: 'CAD' | 'USD', accountNumber: '000123456789' | '000222222227') => {
  const customer = await createCustomer(ctx, { currency });
  await createBillingDetails(ctx.database.db, customer.account.id);
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/b/v1/checkoutapi/setup',
    headers: customer.headers,
    payload: {
      accountId: customer.account.id.toString(),
      order: { name: 'Test', accountId: customer.account.id.toString(), currency },
      successUrl: SUCCESS,
      cancelUrl: `${ORIGIN}/payment-methods`,
      methodType: 'bank_account',
      agreement: { version: BANK_DEBIT_AGREEMENTS[scheme[currency]].en.version, language: 'en', accepted: true },
    },
  });
  expect(started.statusCode).toBe(200);
  const { id } = started.json() as { id: string };
  standin.completeBankSession(id, accountNumber);
  const back = await ctx.app.inject({ method: 'GET', url: `/b/v1/checkoutapi/complete?session_id=${id}` });
  expect(back.headers.location).toBe(SUCCESS);
  const [method] = await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, customer.account.id));
  return { ...customer, sessionId: id, method: method! };
};

const pay = (c: Awaited<ReturnType<typeof customerWithBankAccount>>, amount: number, key: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/b/v1/Payment/customerpayment?autoAssignPayment',
    headers: { ...c.headers, 'idempotency-key': key },
    payload: { payment: { accountId: c.account.id.toString(), amount, currency: c.account.currency }, paymentMethodInfo: { paymentMethodId: c.method.id.toString() } },
  });

describe('Stripe bank debit', () => {
  it('sets up PAD as a personal, sporadic acss_debit mandate in CAD and saves the account with its agreement', async () => {
    const c = await customerWithBankAccount('CAD', '000123456789');
    expect(standin.sessions.get(c.sessionId)).toMatchObject({
      mode: 'setup',
      allowed_payment_method_types: ['acss_debit'],
      currency: 'cad',
      payment_method_options: { acss_debit: { currency: 'cad', mandate_options: { payment_schedule: 'sporadic', transaction_type: 'personal' }, verification_method: 'automatic' } },
    });
    expect(c.method).toMatchObject({ provider: 'stripe', type: 'bank_account', bankScheme: 'acss_debit', brand: 'STRIPE TEST BANK', last4: '6789', bankRouting: '000-11000', fingerprint: 'BkA1settles00000', isDefault: true });
    const [agreement] = await ctx.database.db.select().from(bankDebitAgreements).where(eq(bankDebitAgreements.accountId, c.account.id));
    expect(agreement).toMatchObject({ paymentMethodId: c.method.id, version: 'pad-2026-12' });
  });

  it('sets up ACH as us_bank_account in USD', async () => {
    const c = await customerWithBankAccount('USD', '000123456789');
    expect(standin.sessions.get(c.sessionId)).toMatchObject({
      allowed_payment_method_types: ['us_bank_account'],
      currency: 'usd',
      payment_method_options: { us_bank_account: { verification_method: 'automatic' } },
    });
    expect(c.method).toMatchObject({ bankScheme: 'us_bank_account', bankRouting: '110000000', last4: '6789' });
  });

  it('debits by a PaymentIntent of the bank type, Processing until payment_intent.succeeded', async () => {
    const c = await customerWithBankAccount('CAD', '000123456789');
    await createInvoice(ctx.database.db, c.account.id, { amount: '80.00' });
    const res = (await pay(c, 80, 'bank-stripe-1')).json();
    expect(res.payment.status).toBe('InProgress');
    const sent = standin.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(sent.params).toMatchObject({ 'payment_method_types[0]': 'acss_debit', confirm: 'true', payment_method: c.method.providerRef });
    expect(sent.params.off_session).toBeUndefined();
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(res.payment.id as string)));
    expect(row).toMatchObject({ bankDebit: true, status: 'InProgress' });
    await deliver('payment_intent.succeeded', { id: row!.providerRef, object: 'payment_intent', payment_method_types: ['acss_debit'], metadata: { paymentId: String(row!.id) } });
    expect((await ctx.database.db.select().from(payments).where(eq(payments.id, row!.id)))[0]!.status).toBe('Successful');
  });

  it('a return (payment_intent.payment_failed, insufficient funds) fails the payment with the bank reason', async () => {
    const c = await customerWithBankAccount('USD', '000222222227');
    await createInvoice(ctx.database.db, c.account.id, { amount: '50.00', currency: 'USD' });
    const res = (await pay(c, 50, 'bank-stripe-2')).json();
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, BigInt(res.payment.id as string)));
    await deliver('payment_intent.payment_failed', {
      id: row!.providerRef,
      object: 'payment_intent',
      payment_method_types: ['us_bank_account'],
      metadata: { paymentId: String(row!.id) },
      last_payment_error: { code: 'insufficient_funds', message: 'The account has insufficient funds.' },
    });
    expect((await ctx.database.db.select().from(payments).where(eq(payments.id, row!.id)))[0]).toMatchObject({ status: 'Error', failureReason: 'bank_insufficient_funds' });
  });
});

describe('bankReturnReason', () => {
  it.each([
    ['insufficient_funds', 'bank_insufficient_funds'],
    ['account_closed', 'bank_account_closed'],
    ['no_account', 'bank_account_closed'],
    ['debit_not_authorized', 'processing_error'],
    [undefined, 'processing_error'],
  ])('%s → %s', (code, reason) => {
    expect(bankReturnReason(code ? { code } : null)).toBe(reason);
  });
});
