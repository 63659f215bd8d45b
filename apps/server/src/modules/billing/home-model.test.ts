import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer, staffHeaders } from '../../../test/billing';
import { createBillingDetails, createInvoice, createPayment } from '../../../test/factories';
import { accounts, addresses } from '../../db/schema';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2025-06-10T12:00:00Z') });
});
afterAll(() => ctx.close());

const homeOf = (accountId: bigint, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${accountId}`, headers });

describe('GET /b/v1/Billing/GetClientHomeModel/{accountId}', () => {
  it('answers an empty model for an account with no activity', async () => {
    const { account, headers } = await createCustomer(ctx);
    const res = await homeOf(account.id, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ balances: [], recentPayments: [], paymentDueDate: null, overdue: [] });
  });

  it('nets Successful payments against posted invoices per currency, exactly', async () => {
    const { account, headers } = await createCustomer(ctx);
    const db = ctx.database.db;
    const jan = await createInvoice(db, account.id, { dueDate: '2025-02-21', amount: '100.10' });
    await createInvoice(db, account.id, { dueDate: '2025-03-21', amount: '0.20' });
    await createInvoice(db, account.id, { dueDate: '2025-04-21', amount: '999.99', state: 'Draft' });
    const usd = await createInvoice(db, account.id, { dueDate: '2025-03-01', amount: '40.00', currency: 'USD' });
    await createPayment(db, account.id, { assignments: [{ receivableId: jan.arId!, amount: '100.10' }], date: new Date('2025-02-20T10:00:00Z') });
    await createPayment(db, account.id, { currency: 'USD', date: new Date('2025-03-01T10:00:00Z'), assignments: [{ receivableId: usd.arId!, amount: '40.00' }] });
    await createPayment(db, account.id, { amount: '0.20', status: 'InProgress', date: new Date('2025-06-01T10:00:00Z'), cardBrand: 'Visa', cardLast4: '4242' });
    await createPayment(db, account.id, { amount: '5.00', status: 'Error', date: new Date('2025-05-01T10:00:00Z') });

    const model = (await homeOf(account.id, headers)).json();
    expect(model.balances).toEqual([
      { amount: -0.2, currency: { code: 'CAD' } },
      { amount: 0, currency: { code: 'USD' } },
    ]);
    expect(model.paymentDueDate).toBe('2025-03-21');
    expect(model.recentPayments.map((p: { amount: number; status: string }) => [p.amount, p.status])).toEqual([
      [0.2, 'InProgress'],
      [5, 'Error'],
      [40, 'Successful'],
      [100.1, 'Successful'],
    ]);
    expect(model.recentPayments[0]).toMatchObject({ date: '2025-06-01T10:00:00.000Z', currency: 'CAD', type: 'Credit Card (Manual)', card: { brand: 'Visa', last4: '4242' } });
    expect(model.recentPayments[1].card).toBeNull();
  });

  it('names the due date of the oldest invoice still owing, null once all are paid', async () => {
    const { account, headers } = await createCustomer(ctx);
    const db = ctx.database.db;
    const old = await createInvoice(db, account.id, { dueDate: '2025-01-21', amount: '10.00' });
    await createInvoice(db, account.id, { dueDate: '2025-02-21', amount: '20.00' });
    await createPayment(db, account.id, { assignments: [{ receivableId: old.arId!, amount: '10.00' }] });
    expect((await homeOf(account.id, headers)).json().paymentDueDate).toBe('2025-02-21');
    const paid = await createCustomer(ctx);
    const inv = await createInvoice(db, paid.account.id, { amount: '10.00' });
    await createPayment(db, paid.account.id, { assignments: [{ receivableId: inv.arId!, amount: '10.00' }] });
    expect((await homeOf(paid.account.id, paid.headers)).json()).toMatchObject({ balances: [{ amount: 0, currency: { code: 'CAD' } }], paymentDueDate: null });
  });

  it('adds up what is overdue per currency: what is still owed on invoices past due in the account\'s time zone', async () => {
    const { account, headers } = await createCustomer(ctx);
    const db = ctx.database.db;
    await createBillingDetails(db, account.id);
    const partlyPaid = await createInvoice(db, account.id, { dueDate: '2025-04-21', amount: '60.00' });
    await createInvoice(db, account.id, { dueDate: '2025-05-21', amount: '50.10' });
    await createInvoice(db, account.id, { dueDate: '2025-06-21', amount: '70.00' });
    await createInvoice(db, account.id, { dueDate: '2025-05-01', amount: '40.00', currency: 'USD' });
    await createInvoice(db, account.id, { dueDate: '2025-03-01', amount: '999.00', state: 'Draft' });
    await createPayment(db, account.id, { assignments: [{ receivableId: partlyPaid.arId!, amount: '39.75' }] });
    // Not yet collected: an InProgress payment does not make an invoice any less overdue.
    await createPayment(db, account.id, { amount: '50.10', status: 'InProgress' });

    const model = (await homeOf(account.id, headers)).json();
    expect(model.paymentDueDate).toBe('2025-04-21');
    expect(model.overdue).toEqual([
      { amount: 70.35, currency: { code: 'CAD' }, since: '2025-04-21' },
      { amount: 40, currency: { code: 'USD' }, since: '2025-05-01' },
    ]);
  });

  it("turns an invoice overdue at midnight where the customer lives, not at UTC's", async () => {
    // 06:59:59 UTC on June 10 is 23:59:59 on June 9 in Vancouver (PDT, UTC−7); a second later it is June 10 there.
    ctx.clock.set('2025-06-10T06:59:59Z');
    const { account, headers } = await createCustomer(ctx);
    const db = ctx.database.db;
    const { address } = await createBillingDetails(db, account.id);
    await db.update(addresses).set({ province: 'BC', city: 'Vancouver', postal: 'V6B 1A1' }).where(eq(addresses.id, address.id));
    await createInvoice(db, account.id, { dueDate: '2025-06-09', amount: '25.00' });
    try {
      expect((await homeOf(account.id, headers)).json().overdue).toEqual([]);
      ctx.clock.advance(1000);
      expect((await homeOf(account.id, headers)).json().overdue).toEqual([{ amount: 25, currency: { code: 'CAD' }, since: '2025-06-09' }]);
    } finally {
      ctx.clock.set('2025-06-10T12:00:00Z');
    }
  });

  it('dates by the time zone the provider set on the account, over its billing address', async () => {
    // 05:00 UTC on June 10: 22:00 on June 9 in Vancouver (PDT), 02:00 on June 10 in Halifax (ADT). Both
    // accounts bill to an Ontario address; only their own zone tells them apart.
    ctx.clock.set('2025-06-10T05:00:00Z');
    const db = ctx.database.db;
    const inZone = async (timeZone: string) => {
      const customer = await createCustomer(ctx);
      await createBillingDetails(db, customer.account.id);
      await db.update(accounts).set({ timeZone }).where(eq(accounts.id, customer.account.id));
      await createInvoice(db, customer.account.id, { dueDate: '2025-06-09', amount: '25.00' });
      return customer;
    };
    try {
      const vancouver = await inZone('America/Vancouver');
      const halifax = await inZone('America/Halifax');
      expect((await homeOf(vancouver.account.id, vancouver.headers)).json().overdue).toEqual([]);
      expect((await homeOf(halifax.account.id, halifax.headers)).json().overdue).toEqual([
        { amount: 25, currency: { code: 'CAD' }, since: '2025-06-09' },
      ]);
    } finally {
      ctx.clock.set('2025-06-10T12:00:00Z');
    }
  });

  it('shows the latest 50 payments, newest first', async () => {
    const { account, headers } = await createCustomer(ctx);
    for (let i = 0; i < 52; i += 1) {
      await createPayment(ctx.database.db, account.id, { amount: `${i + 1}.00`, date: new Date(Date.UTC(2025, 0, 1 + i)) });
    }
    const payments = (await homeOf(account.id, headers)).json().recentPayments as { amount: number }[];
    expect(payments).toHaveLength(50);
    expect(payments[0]!.amount).toBe(52);
    expect(payments[49]!.amount).toBe(3);
  });

  it("answers 404 for another customer's account exactly as for an unknown one; Staff reach it", async () => {
    const { account } = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const foreign = await homeOf(account.id, other.headers);
    const unknown = await homeOf(99999999n, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'The account was not found.' });
    expect(unknown.json()).toEqual(foreign.json());
    expect((await homeOf(account.id, await staffHeaders(ctx))).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${account.id}` })).statusCode).toBe(401);
  });

  it('refuses a malformed account id with 400', async () => {
    const { headers } = await createCustomer(ctx);
    const res = await homeOf('abc' as unknown as bigint, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('params.accountId');
  });
});
