import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer } from '../../../test/billing';
import { recordAudit } from '../../lib/audit';
import { createApiClient } from '../api-clients';
import { bearer, createBillingDetails, createInvoice, createPaymentMethod, createUser, tokenFor } from '../../../test/factories';

const ORIGIN = 'http://localhost:3000';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2025-06-10T12:00:00Z'), config: { PUBLIC_ORIGIN: ORIGIN } });
});
afterAll(() => ctx.close());

const historyOf = (accountId: bigint, headers: Record<string, string>, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/b/v1/Account/${accountId}/history${query}`, headers });

const staffMember = async (name: string, roles: string[] = ['Staff']) => {
  const user = await createUser(ctx.database.db, { name, roles });
  return { user, headers: bearer(await tokenFor(ctx.database.db, user, { accountIds: [], now: ctx.clock.now() })) };
};

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)) }),
  });

describe('GET /b/v1/Account/{accountId}/history', () => {
  it("shows the customer every change support staff made for them, with the staff member's name, beside their own", async () => {
    const db = ctx.database.db;
    const { account, user: customer, headers } = await createCustomer(ctx, { name: 'Casey Customer' });
    await createBillingDetails(db, account.id);
    await createInvoice(db, account.id, { amount: '100.00', dueDate: '2025-06-21' });
    const mastercard = await createPaymentMethod(db, account.id, { brand: 'Mastercard', last4: '4444', isDefault: true });
    const visa = await createPaymentMethod(db, account.id, { brand: 'Visa', last4: '4242' });
    const staff = await staffMember('Sam Support');
    const admin = await staffMember('Ada Admin', ['Admin']);

    // The customer's own change, then what support does for them.
    expect((await send('POST', `/b/v1/PaymentMethod/defaultmethod/${visa.id}`, headers)).statusCode).toBe(200);
    const paid = await send(
      'POST',
      '/b/v1/Payment/customerpayment?autoAssignPayment',
      { ...staff.headers, 'idempotency-key': 'history-1' },
      { payment: { accountId: account.id, amount: 40, currency: 'CAD' }, paymentMethodInfo: { paymentMethodId: visa.id } },
    );
    expect(paid.statusCode).toBe(200);
    expect((await send('DELETE', `/b/v1/PaymentMethod/methods/${mastercard.id}`, staff.headers)).statusCode).toBe(200);
    const schedule = { accountId: account.id, paymentMethodId: visa.id, frequency: 'dueDate', amountType: 'full', fixedAmount: null };
    expect((await send('PUT', `/b/v1/Account/${account.id}/autopay`, staff.headers, schedule)).statusCode).toBe(200);
    const off = { accountId: account.id, paymentMethod: 'Credit Card (Manual)' };
    expect((await send('POST', '/b/v1/Account/update-default-payment-method', admin.headers, off)).statusCode).toBe(200);
    const details = {
      accountId: account.id,
      language: 'French',
      invoiceEmail: account.invoiceEmailAddress,
      addresses: [],
      accountAddresses: [],
      contacts: [],
      accountContacts: [],
      deleteAccountAddressIds: [],
      deleteAddressIds: [],
      deleteAccountContactIds: [],
      deleteContactIds: [],
    };
    expect((await send('PUT', '/b/v1/Account/customerdetails', staff.headers, details)).statusCode).toBe(200);
    // A card added by staff through the sandbox checkout.
    const setup = {
      accountId: account.id,
      order: { name: 'Casey Customer', accountId: account.id, currency: 'CAD' },
      successUrl: `${ORIGIN}/payments?paymentMethodAdded=true`,
      cancelUrl: `${ORIGIN}/payments`,
    };
    const { url } = (await send('POST', '/b/v1/checkoutapi/setup', staff.headers, setup)).json();
    const saved = await ctx.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '3782 822463 10005', expiry: '12/30', cvc: '1234', nameOnCard: 'Casey Customer' }).toString(),
    });
    expect(saved.statusCode).toBe(303);

    const res = await historyOf(account.id, headers, '?count=true');
    expect(res.statusCode).toBe(200);
    const { value, count } = res.json();
    expect(count).toBe(7);
    expect(value.map((e: { action: string; actor: { kind: string; name: string | null } }) => [e.action, e.actor.kind, e.actor.name])).toEqual([
      ['payment_method.added', 'staff', 'Sam Support'],
      ['account.customerdetails.update', 'staff', 'Sam Support'],
      ['autopay.disabled', 'staff', 'Ada Admin'],
      ['autopay.schedule_saved', 'staff', 'Sam Support'],
      ['payment_method.deleted', 'staff', 'Sam Support'],
      ['payment.created', 'staff', 'Sam Support'],
      ['payment_method.default_set', 'customer', customer.name],
    ]);
    expect(value[0]).toMatchObject({ card: { brand: 'American Express', last4: '0005' }, amount: null, currency: null });
    expect(value[3]).toMatchObject({ card: { brand: 'Visa', last4: '4242' } });
    // The removed card is named from the log itself: it is no longer saved.
    expect(value[4]).toMatchObject({ card: { brand: 'Mastercard', last4: '4444' } });
    expect(value[5]).toMatchObject({ amount: 40, currency: 'CAD', card: { brand: 'Visa', last4: '4242' } });
    expect(value[5].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Staff see the same history.
    expect((await historyOf(account.id, staff.headers)).json().value).toHaveLength(7);

    // Paged, newest first.
    const page = (await historyOf(account.id, headers, '?skip=5&take=5')).json();
    expect(page.count).toBeUndefined();
    expect(page.value.map((e: { action: string }) => e.action)).toEqual(['payment.created', 'payment_method.default_set']);
  });

  it('names the provider’s billing system by its API client for a change made through the provider API', async () => {
    const { account, headers } = await createCustomer(ctx);
    const { client } = await createApiClient({ db: ctx.database.db, clock: ctx.clock }, { userId: null, via: 'command line' }, { name: 'Rating engine', scopes: ['accounts:write'] });
    await recordAudit(ctx.database.db, { actorUserId: null, actorClientId: client.id, accountId: account.id, action: 'account.customerdetails.update', entity: 'account', entityId: account.id });
    const res = await historyOf(account.id, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual([expect.objectContaining({ action: 'account.customerdetails.update', actor: { kind: 'client', name: 'Rating engine' } })]);
  });

  it('answers an empty history for an account without activity', async () => {
    const { account, headers } = await createCustomer(ctx);
    expect((await historyOf(account.id, headers, '?count=true')).json()).toEqual({ value: [], count: 0 });
  });

  it("answers 404 for another customer's account exactly as for an unknown one, 401 without a token, 400 for a bad page", async () => {
    const { account } = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const foreign = await historyOf(account.id, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'The account was not found.' });
    expect((await historyOf(99999999n, other.headers)).json()).toEqual(foreign.json());
    expect((await ctx.app.inject({ method: 'GET', url: `/b/v1/Account/${account.id}/history` })).statusCode).toBe(401);
    const tooMany = await historyOf(other.account.id, other.headers, '?take=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('take must be at most 100');
  });
});
