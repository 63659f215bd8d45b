/** The provider's payment policy per account type: what it answers, and the settings the payment calls enforce. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_PAYMENT_POLICY, parseJson, stringifyJson } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer, staffHeaders } from '../../../test/billing';
import { createInvoice, createPaymentMethod } from '../../../test/factories';
import { accounts, autopaySchedules, payments } from '../../db/schema';

const NOW = '2026-12-04T12:00:00Z';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    clock: createTestClock(NOW),
    config: { PAYMENT_POLICY_BY_ACCOUNT_TYPE: { Business: { autopayOptional: false, minimumPayment: '25.00', instalments: 3 } } },
  });
});
afterAll(() => ctx.close());

const send = async (headers: Record<string, string>, method: 'GET' | 'POST', url: string, body?: unknown, extra: Record<string, string> = {}) => {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...headers, ...extra, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: stringifyJson(body) }),
  });
  return { status: res.statusCode, body: parseJson(res.body) as Record<string, unknown> };
};

/** A customer of `type` with automatic payments on, a card and 40.00 open. */
const customerOf = async (type: string) => {
  const customer = await createCustomer(ctx, { type, paymentMethod: 'Credit Card' });
  const card = await createPaymentMethod(ctx.database.db, customer.account.id, { isDefault: true });
  await ctx.database.db.insert(autopaySchedules).values({ accountId: customer.account.id, paymentMethodId: card.id, frequency: 'dueDate', amountType: 'full', fixedAmount: null });
  await createInvoice(ctx.database.db, customer.account.id, { amount: '40.00', dueDate: '2026-12-21' });
  return { ...customer, card };
};

const pay = (c: Awaited<ReturnType<typeof customerOf>>, amount: number, key: string) =>
  send(
    c.headers,
    'POST',
    '/b/v1/Payment/customerpayment?autoAssignPayment=true',
    { payment: { accountId: c.account.id, amount, currency: 'CAD', description: 'Policy test' }, paymentMethodInfo: { paymentMethodId: c.card.id } },
    { 'idempotency-key': key },
  );

describe('PaymentPolicy/{accountId}', () => {
  it('answers the policy of the account’s type', async () => {
    const business = await customerOf('Business');
    const residential = await customerOf('Residential');
    expect((await send(business.headers, 'GET', `/b/v1/PaymentPolicy/${business.account.id}`)).body).toEqual({
      ...DEFAULT_PAYMENT_POLICY,
      instalments: 3,
      autopayOptional: false,
      minimumPayment: 25,
    });
    expect((await send(residential.headers, 'GET', `/b/v1/PaymentPolicy/${residential.account.id}`)).body).toEqual({ ...DEFAULT_PAYMENT_POLICY, minimumPayment: 0 });
  });
});

describe('autopayOptional', () => {
  const off = (accountId: bigint) => ({ accountId, paymentMethod: 'Credit Card (Manual)' });
  it('keeps a customer from turning automatic payments off where the policy requires them; Staff still can', async () => {
    const business = await customerOf('Business');
    const refused = await send(business.headers, 'POST', '/b/v1/Account/update-default-payment-method', off(business.account.id));
    expect(refused).toEqual({ status: 409, body: { error: 'Automatic payments are required for this account and cannot be turned off.' } });
    const [row] = await ctx.database.db.select({ paymentMethod: accounts.paymentMethod }).from(accounts).where(eq(accounts.id, business.account.id));
    expect(row!.paymentMethod).toBe('Credit Card');
    expect((await send(await staffHeaders(ctx), 'POST', '/b/v1/Account/update-default-payment-method', off(business.account.id))).status).toBe(200);
  });
  it('lets a customer turn them off where the policy leaves it to them', async () => {
    const residential = await customerOf('Residential');
    expect((await send(residential.headers, 'POST', '/b/v1/Account/update-default-payment-method', off(residential.account.id))).status).toBe(200);
  });
});

describe('minimumPayment', () => {
  it('refuses a payment below the minimum unless it pays everything open', async () => {
    const business = await customerOf('Business');
    const below = await pay(business, 10, `below-${business.account.id}`);
    expect(below).toEqual({ status: 400, body: { error: 'The smallest payment is 25.00, unless you pay the whole balance.' } });
    expect((await pay(business, 25, `at-${business.account.id}`)).status).toBe(200);
    // 15.00 is left open: paying it all is below the minimum, and allowed.
    expect((await pay(business, 15, `rest-${business.account.id}`)).status).toBe(200);
    const amounts = (await ctx.database.db.select({ amount: payments.amount }).from(payments).where(eq(payments.accountId, business.account.id))).map((p) => p.amount);
    expect(amounts.sort()).toEqual(['15.00', '25.00']);
  });
  it('takes any amount where the policy sets no minimum', async () => {
    const residential = await customerOf('Residential');
    expect((await pay(residential, 1, `small-${residential.account.id}`)).status).toBe(200);
  });
});
