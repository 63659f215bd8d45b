/**
 * POST /p/v1/payments and /p/v1/credits: offline payments allocated oldest first or to the invoices
 * named, with their receipt; credits on an invoice or the account; idempotent by external id (200 with
 * the same answer, 409 on another body); refusals with field paths; credits in the statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, invoices, payments } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { createCustomer } from '../../../test/billing';
import { bearer, createBillingDetails, createInvoice } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';

let ctx: TestContext;
let headers: Record<string, string>;
let n = 0;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set('2025-03-15T12:00:00Z');
  headers = bearer(await clientTokenFor(ctx, ['payments:write']));
});
afterAll(() => ctx.close());

/** A customer with an external id, a billing address and three posted invoices (due Jan, Feb, Mar). */
const customerWithInvoices = async (language: 'English' | 'French' = 'English') => {
  const db = ctx.database.db;
  n += 1;
  const customer = await createCustomer(ctx, { externalId: `ACC-${n}`, language });
  await createBillingDetails(db, customer.account.id);
  const invoice = async (id: string, dueDate: string, amount: string) => {
    const row = await createInvoice(db, customer.account.id, {
      amount,
      dueDate,
      postedDate: new Date(`${dueDate.slice(0, 8)}01T00:00:00Z`),
    });
    await db
      .update(invoices)
      .set({ externalId: `${id}-${n}` })
      .where(eq(invoices.id, row.id));
    return { ...row, externalId: `${id}-${n}` };
  };
  const january = await invoice('INV-JAN', '2025-01-21', '30.00');
  const february = await invoice('INV-FEB', '2025-02-21', '40.00');
  const march = await invoice('INV-MAR', '2025-03-21', '50.00');
  return { ...customer, externalId: `ACC-${n}`, january, february, march };
};

const pay = (payload: Record<string, unknown>, auth = headers) =>
  ctx.app.inject({ method: 'POST', url: '/p/v1/payments', headers: auth, payload });
const credit = (payload: Record<string, unknown>, auth = headers) =>
  ctx.app.inject({ method: 'POST', url: '/p/v1/credits', headers: auth, payload });

const paymentBody = (accountExternalId: string, overrides: Record<string, unknown> = {}) => ({
  externalId: `PAY-${++n}`,
  accountExternalId,
  amount: '45.00',
  currency: 'CAD',
  receivedAt: '2025-03-10T15:00:00Z',
  method: 'bank_transfer',
  reference: 'WIRE 2025-0310',
  ...overrides,
});

const home = (accountId: bigint, auth: Record<string, string>) =>
  ctx.app
    .inject({ method: 'GET', url: `/b/v1/Billing/GetClientHomeModel/${accountId}`, headers: auth })
    .then((res) => res.json());

describe('POST /p/v1/payments', () => {
  it('allocates oldest first, records a Successful payment with its method and receipt number', async () => {
    const c = await customerWithInvoices();
    const res = await pay(paymentBody(c.externalId, { amount: '45.5' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      accountExternalId: c.externalId,
      amount: '45.50',
      currency: 'CAD',
      method: 'bank_transfer',
      reference: 'WIRE 2025-0310',
      status: 'Successful',
      receivedAt: '2025-03-10T15:00:00.000Z',
      allocations: [
        { invoiceExternalId: c.january.externalId, invoiceNumber: c.january.invoiceNumber, amount: '30.00' },
        { invoiceExternalId: c.february.externalId, invoiceNumber: c.february.invoiceNumber, amount: '15.50' },
      ],
    });
    expect(body.receiptNumber).toMatch(/^R-\d{7}$/);
    const model = await home(c.account.id, c.headers);
    expect(model.balances).toEqual([{ amount: -74.5, currency: { code: 'CAD' } }]);
    expect(model.recentPayments[0]).toMatchObject({ amount: 45.5, status: 'Successful', method: 'bank_transfer', card: null });
  });

  it('pays the invoices named, oldest first among them', async () => {
    const c = await customerWithInvoices();
    const res = await pay(
      paymentBody(c.externalId, { amount: '60.00', invoiceExternalIds: [c.march.externalId, c.february.externalId] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().allocations).toEqual([
      { invoiceExternalId: c.february.externalId, invoiceNumber: c.february.invoiceNumber, amount: '40.00' },
      { invoiceExternalId: c.march.externalId, invoiceNumber: c.march.invoiceNumber, amount: '20.00' },
    ]);
  });

  it('answers a repeat with the same payment and records nothing twice; another body is 409', async () => {
    const c = await customerWithInvoices();
    const body = paymentBody(c.externalId);
    const first = await pay(body);
    // The same data with its keys in another order is the same request.
    const again = await pay(Object.fromEntries(Object.entries(body).reverse()));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const changed = await pay({ ...body, amount: '46.00' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toMatch(/different details/);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.accountId, c.account.id));
    expect(rows).toHaveLength(1);
  });

  it('records one payment when the same body arrives twice at once, and answers both alike', async () => {
    const c = await customerWithInvoices();
    const body = paymentBody(c.externalId);
    const [one, two] = await Promise.all([pay(body), pay(body)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(two.json()).toEqual(one.json());
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.accountId, c.account.id));
    expect(rows).toHaveLength(1);
  });

  it('is audited with the client, and Account activity shows it by the client name', async () => {
    const c = await customerWithInvoices();
    const res = await pay(paymentBody(c.externalId, { method: 'cheque' }));
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, c.account.id));
    const recorded = audit.find((row) => row.action === 'payment.recorded');
    expect(recorded).toMatchObject({
      actorUserId: null,
      entity: 'payment',
      details: expect.objectContaining({ method: 'cheque', externalId: res.json().externalId }),
    });
    expect(recorded!.actorClientId).not.toBeNull();
    const history = await ctx.app.inject({ method: 'GET', url: `/b/v1/Account/${c.account.id}/history`, headers: c.headers });
    expect(history.json().value[0]).toMatchObject({
      action: 'payment.recorded',
      actor: { kind: 'client', name: 'Test client payments:write' },
      amount: 45,
    });
  });

  it('prints the receipt with the method and the payment reference, in the account language', async () => {
    const c = await customerWithInvoices('French');
    await pay(paymentBody(c.externalId, { method: 'cheque', reference: 'CHQ 000123' }));
    const { recentPayments } = await home(c.account.id, c.headers);
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/b/v1/Payment/${recentPayments[0].id}/receipt`,
      headers: c.headers,
    });
    expect(receipt.statusCode).toBe(200);
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('Chèque');
    expect(text).toContain('CHQ 000123');
  });

  it.each([
    ['an unknown account', { accountExternalId: 'NOBODY' }, 'accountExternalId', /No account/],
    ['another currency', { currency: 'USD' }, 'currency', /must be in CAD/],
    ['a date in the future', { receivedAt: '2025-03-16T00:00:00Z' }, 'receivedAt', /future/],
    ['more than is open', { amount: '120.01' }, 'amount', /unapplied credit/],
    ['an unknown invoice', { invoiceExternalIds: ['NOPE'] }, 'invoiceExternalIds.0', /No posted invoice/],
    ['an invoice named twice', { invoiceExternalIds: ['SAME', 'SAME'] }, 'invoiceExternalIds.1', /only once/],
  ])('refuses %s with its field path', async (_name, overrides, field, message) => {
    const c = await customerWithInvoices();
    const named = (overrides as { invoiceExternalIds?: string[] }).invoiceExternalIds;
    // A duplicate is found before the unknown one: name a real invoice twice.
    const body = named?.[0] === 'SAME' ? { invoiceExternalIds: [c.january.externalId, c.january.externalId] } : overrides;
    const res = await pay(paymentBody(c.externalId, body));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toMatch(message);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.accountId, c.account.id));
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['an amount with 3 decimals', { amount: '1.234' }, 'amount'],
    ['a zero amount', { amount: '0.00' }, 'amount'],
    ['an amount as a number', { amount: 12 }, 'amount'],
    ['an unknown method', { method: 'crypto' }, 'method'],
    ['a date without offset', { receivedAt: '2025-03-10T15:00:00' }, 'receivedAt'],
    ['an external id too long', { externalId: 'x'.repeat(65) }, 'externalId'],
  ])('refuses %s with 400 and its field', async (_name, overrides, field) => {
    const res = await pay(paymentBody('ACC-1', overrides));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toContain(field);
  });

  it('needs the payments:write scope', async () => {
    const invoicesOnly = bearer(await clientTokenFor(ctx, ['invoices:write']));
    expect((await pay(paymentBody('ACC-1'), invoicesOnly)).statusCode).toBe(403);
  });
});

describe('POST /p/v1/credits', () => {
  const creditBody = (accountExternalId: string, overrides: Record<string, unknown> = {}) => ({
    externalId: `CR-${++n}`,
    accountExternalId,
    amount: '35.00',
    reason: 'Goodwill: network outage',
    ...overrides,
  });

  it('credits the account over its oldest open invoices, and the balance and owing move', async () => {
    const c = await customerWithInvoices();
    const res = await credit(creditBody(c.externalId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      invoiceExternalId: null,
      amount: '35.00',
      currency: 'CAD',
      reason: 'Goodwill: network outage',
      allocations: [
        { invoiceExternalId: c.january.externalId, amount: '30.00' },
        { invoiceExternalId: c.february.externalId, amount: '5.00' },
      ],
    });
    const model = await home(c.account.id, c.headers);
    expect(model.balances).toEqual([{ amount: -85, currency: { code: 'CAD' } }]);
    expect(model.paymentDueDate).toBe('2025-02-21');
  });

  it('credits the invoice named, and keeps what is more than it has open as unapplied credit', async () => {
    const c = await customerWithInvoices();
    const res = await credit(creditBody(c.externalId, { invoiceExternalId: c.march.externalId, amount: '50' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      invoiceExternalId: c.march.externalId,
      allocations: [{ invoiceExternalId: c.march.externalId, amount: '50.00' }],
      unapplied: '0.00',
    });
    const over = await credit(creditBody(c.externalId, { invoiceExternalId: c.march.externalId, amount: '0.01' }));
    expect(over.statusCode).toBe(200);
    expect(over.json()).toMatchObject({ allocations: [], unapplied: '0.01' });
    const unknown = await credit(creditBody(c.externalId, { invoiceExternalId: 'NOPE' }));
    expect(unknown.json().fields.invoiceExternalId).toMatch(/No posted invoice/);
  });

  it('answers a repeat with the same credit; another body is 409', async () => {
    const c = await customerWithInvoices();
    const body = creditBody(c.externalId);
    const first = await credit(body);
    const again = await credit(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await credit({ ...body, reason: 'Correction' })).statusCode).toBe(409);
    expect((await home(c.account.id, c.headers)).balances).toEqual([{ amount: -85, currency: { code: 'CAD' } }]);
  });

  it('is shown in the statement, JSON and CSV, with its reason', async () => {
    const c = await customerWithInvoices();
    await credit(
      creditBody(c.externalId, { invoiceExternalId: c.february.externalId, amount: '10.00', reason: 'Billing correction' }),
    );
    await pay(paymentBody(c.externalId, { amount: '20.00', method: 'cash' }));
    const json = await ctx.app.inject({
      method: 'GET',
      url: `/b/v1/Account/${c.account.id}/2025-01-01/2025-03-31`,
      headers: c.headers,
    });
    expect(json.json()).toMatchObject({
      credits: [{ amount: 10, invoiceNumber: c.february.invoiceNumber, description: 'Billing correction' }],
      payments: [{ amount: 20, type: 'Cash' }],
      totalCredited: 10,
      totalPaid: 20,
    });
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/b/v1/Account/${c.account.id}/statement?from=2025-01-01&to=2025-03-31&format=csv`,
      headers: c.headers,
    });
    expect(csv.body).toContain(`Credit on invoice ${c.february.invoiceNumber} - Billing correction`);
    expect(csv.body).toContain('Payment - Cash');
  });

  it('holds what is more than the account owes as credit: a negative balance owed, in the statement', async () => {
    const c = await customerWithInvoices();
    const res = await credit(creditBody(c.externalId, { amount: '150.00', reason: 'Goodwill: long outage' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amount: '150.00',
      allocations: [
        { invoiceExternalId: c.january.externalId, amount: '30.00' },
        { invoiceExternalId: c.february.externalId, amount: '40.00' },
        { invoiceExternalId: c.march.externalId, amount: '50.00' },
      ],
      unapplied: '30.00',
    });
    // The balance is money in less invoiced: in credit by 30.
    expect((await home(c.account.id, c.headers)).balances).toEqual([{ amount: 30, currency: { code: 'CAD' } }]);
    const statement = await ctx.app.inject({ url: `/b/v1/Account/${c.account.id}/2025-01-01/2025-03-31`, headers: c.headers });
    expect(statement.json()).toMatchObject({
      credits: [{ amount: 150, invoiceId: null, invoiceNumber: null, description: 'Goodwill: long outage' }],
      totalCredited: 150,
    });
    const csv = await ctx.app.inject({
      url: `/b/v1/Account/${c.account.id}/statement?from=2025-01-01&to=2025-03-31&format=csv`,
      headers: c.headers,
    });
    expect(csv.body).toContain('Credit on account - Goodwill: long outage');
    expect(csv.body).toMatch(/Closing[^\n]*,-30\.00/);
    expect((await credit(creditBody(c.externalId, { reason: '' }))).json().fields).toHaveProperty('reason');
  });
});
