import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountAddresses, addresses, charges, creditNotes } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import { bearer, createAccount, createBillingDetails, createInvoice, createPayment, createUser, tokenFor } from '../../../test/factories';

let ctx: TestContext;
let customer: Record<string, string>;
let staff: Record<string, string>;
let own: Awaited<ReturnType<typeof createAccount>>;
let sub: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
type InvoiceKey = 'jan' | 'feb' | 'mar' | 'subFeb' | 'draft' | 'void' | 'other';
const inv = {} as Record<InvoiceKey, Awaited<ReturnType<typeof createInvoice>>>;

const get = (url: string, headers = customer) => ctx.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  own = await createAccount(db, { name: 'Own Account', invoiceName: 'Own Billing Name' });
  sub = await createAccount(db, { name: 'Sub Account', parentId: own.id, invoiceName: null });
  other = await createAccount(db, { name: 'Other Account' });
  const user = await createUser(db, { accountIds: [own.id] });
  customer = bearer(await tokenFor(db, user));
  staff = bearer(await tokenFor(db, await createUser(db, { roles: ['Staff'] }), { accountIds: [] }));

  inv.jan = await createInvoice(db, own.id, {
    invoiceNumber: 'INV-2025-01',
    startDate: '2025-01-01',
    endDate: '2025-01-31',
    dueDate: '2025-02-21',
    postedDate: new Date('2025-02-01T00:00:00Z'),
    amount: '100.00',
  });
  inv.feb = await createInvoice(db, own.id, {
    invoiceNumber: 'INV-2025-02',
    startDate: '2025-02-01',
    endDate: '2025-02-28',
    dueDate: '2025-03-21',
    postedDate: new Date('2025-03-01T00:00:00Z'),
    amount: '120.50',
  });
  inv.mar = await createInvoice(db, own.id, {
    invoiceNumber: 'INV-2025-03',
    startDate: '2025-03-01',
    endDate: '2025-03-31',
    dueDate: '2025-04-21',
    postedDate: new Date('2025-04-01T00:00:00Z'),
    amount: '80.25',
  });
  inv.subFeb = await createInvoice(db, sub.id, {
    invoiceNumber: 'SUB-2025-02',
    startDate: '2025-02-01',
    endDate: '2025-02-28',
    postedDate: new Date('2025-03-01T00:00:00Z'),
    amount: '10.00',
  });
  inv.draft = await createInvoice(db, own.id, { invoiceNumber: 'INV-DRAFT', state: 'Draft', endDate: '2025-04-30' });
  inv.void = await createInvoice(db, own.id, { invoiceNumber: 'INV-VOID', state: 'Void', endDate: '2025-04-30' });
  inv.other = await createInvoice(db, other.id, { invoiceNumber: 'OTH-2025-01', endDate: '2025-05-31' });

  // January: paid in two Successful parts and one failed attempt; February: an InProgress part.
  await createPayment(db, own.id, { date: new Date('2025-02-10T10:00:00Z'), assignments: [{ receivableId: inv.jan.arId!, amount: '60.00' }] });
  await createPayment(db, own.id, { date: new Date('2025-02-15T10:00:00Z'), assignments: [{ receivableId: inv.jan.arId!, amount: '40.00' }] });
  await createPayment(db, own.id, {
    date: new Date('2025-02-15T10:00:00Z'),
    status: 'Error',
    description: null,
    assignments: [{ receivableId: inv.jan.arId!, amount: '100.00' }],
  });
  await createPayment(db, own.id, {
    date: new Date('2025-03-05T10:00:00Z'),
    status: 'InProgress',
    assignments: [{ receivableId: inv.feb.arId!, amount: '20.50' }],
  });
  // March invoice: a tax line and a second plan line of the same description (grouped in the summary).
  await db.insert(charges).values([
    { accountId: own.id, invoiceId: inv.mar.id, category: 'Tax', description: 'HST 13%', amount: '9.25', currency: 'CAD', startDate: '2025-03-01', endDate: '2025-03-31' },
    { accountId: own.id, invoiceId: inv.mar.id, category: 'Usage', description: 'Roaming', amount: '1.00', currency: 'CAD', startDate: '2025-03-01', endDate: '2025-03-31' },
    { accountId: own.id, invoiceId: inv.mar.id, category: 'Plan', description: 'Unlimited Talk & Text', amount: '-30.00', currency: 'CAD', startDate: '2025-03-01', endDate: '2025-03-31' },
  ]);
});
afterAll(() => ctx.close());

const numbers = (body: { value: { invoiceNumber: string }[] }) => body.value.map((i) => i.invoiceNumber);

describe('GET /b/v1/Invoice/items', () => {
  it('lists the posted invoices of the caller and their sub-accounts, newest period first', async () => {
    const res = await get('/b/v1/Invoice/items');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Feb: own and sub share an end date; the id tie-breaker puts the later row first.
    expect(numbers(body)).toEqual(['INV-2025-03', 'SUB-2025-02', 'INV-2025-02', 'INV-2025-01']);
    expect(body.count).toBeUndefined();
  });

  it('never lists Draft or Void invoices, even when asked for by state', async () => {
    for (const headers of [customer, staff]) {
      const res = await get(`/b/v1/Invoice/items?dnfilter=${encodeURIComponent('State=="Draft" || State=="Void"')}&count=true`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ value: [], count: 0 });
    }
  });

  it('presents owing from Successful payments only and a signed PDF link', async () => {
    const res = await get(`/b/v1/Invoice/items?dnfilter=${encodeURIComponent(`AccountId==${own.id}`)}&orderby=InvoiceNumber%20asc`);
    const [jan, feb] = res.json().value;
    expect(jan).toMatchObject({
      id: Number(inv.jan.id),
      accountId: Number(own.id),
      invoiceNumber: 'INV-2025-01',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      dueDate: '2025-02-21',
      postedDate: '2025-02-01T00:00:00.000Z',
      amount: 100,
      currency: 'CAD',
      owing: 0,
    });
    expect(feb.owing).toBe(120.5);
    expect(jan.s3UrlDetails.urls).toHaveLength(1);
    expect(jan.s3UrlDetails.urls[0].name).toBe('PDF');
    expect(jan.s3UrlDetails.urls[0].url).toMatch(new RegExp(`^/b/v1/documents/invoices/${inv.jan.id}/pdf\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    expect(jan).not.toHaveProperty('state');
  });

  it('filters with dnfilter (the web app’s own filters included), pages and counts', async () => {
    const filter = `AccountId==${own.id} && State=="Posted" && EndDate>=2025-02-01 && InvoiceNumber.contains("2025")`;
    const res = await get(`/b/v1/Invoice/items?dnfilter=${encodeURIComponent(filter)}&orderby=${encodeURIComponent('InvoiceNumber desc')}&skip=1&take=1&count=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, value: [{ invoiceNumber: 'INV-2025-02' }] });

    // A page past the end still says how many there are; a filter matching nothing counts 0.
    const past = await get(`/b/v1/Invoice/items?dnfilter=${encodeURIComponent(filter)}&skip=5&take=1&count=true`);
    expect(past.json()).toEqual({ count: 2, value: [] });
    const none = await get(`/b/v1/Invoice/items?dnfilter=${encodeURIComponent('InvoiceNumber=="none"')}&count=true`);
    expect(none.json()).toEqual({ count: 0, value: [] });
    const uncounted = await get(`/b/v1/Invoice/items?dnfilter=${encodeURIComponent(filter)}&take=1`);
    expect(uncounted.json()).not.toHaveProperty('count');

    const owing = await get(`/b/v1/Invoice/items?dnfilter=${encodeURIComponent('Owing > 0')}&orderby=Amount%20asc`);
    expect(numbers(owing.json())).toEqual(['SUB-2025-02', 'INV-2025-03', 'INV-2025-02']);
  });

  it('keeps a customer to their accounts even when the filter names another account', async () => {
    const res = await get(`/b/v1/Invoice/items?dnfilter=${encodeURIComponent(`AccountId==${other.id}`)}&count=true`);
    expect(res.json()).toEqual({ value: [], count: 0 });
  });

  it('shows staff every account’s posted invoices', async () => {
    const res = await get('/b/v1/Invoice/items?count=true', staff);
    expect(res.json().count).toBe(5);
    expect(numbers(res.json())[0]).toBe('OTH-2025-01');
  });

  it('answers a bad filter or order with 400 and the position', async () => {
    const bad = await get(`/b/v1/Invoice/items?dnfilter=${encodeURIComponent('Amount > "x"')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Field 'Amount' cannot be compared with a string at position 9" });
    const unknown = await get(`/b/v1/Invoice/items?orderby=${encodeURIComponent('Secret desc')}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: "Unknown field 'Secret' at position 0" });
    const take = await get('/b/v1/Invoice/items?take=1001');
    expect(take.statusCode).toBe(400);
    expect(take.json().error).toContain('take must be at most 1000');
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/b/v1/Invoice/items' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue.' });
  });
});

describe('GET /b/v1/Invoice/details/{id} and /b/v1/Invoice/{id}', () => {
  it('answers the invoice with owing, its receivable and every payment assignment, newest first', async () => {
    const res = await get(`/b/v1/Invoice/details/${inv.jan.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.invoice).toMatchObject({ id: Number(inv.jan.id), state: 'Posted', amount: 100, postedDate: '2025-02-01T00:00:00.000Z' });
    expect(body.owing).toBe(0);
    expect(body.arId).toBe(Number(inv.jan.arId));
    expect(body.payments.map((p: { payment: { status: string; date: string }; paymentAssignment: { amount: number } }) => [p.payment.date, p.payment.status, p.paymentAssignment.amount])).toEqual([
      ['2025-02-15T10:00:00.000Z', 'Error', 100],
      ['2025-02-15T10:00:00.000Z', 'Successful', 40],
      ['2025-02-10T10:00:00.000Z', 'Successful', 60],
    ]);
    expect(body.payments[0].payment.description).toBeNull();
  });

  it('answers the invoice entity', async () => {
    const res = await get(`/b/v1/Invoice/${inv.subFeb.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: Number(inv.subFeb.id),
      accountId: Number(sub.id),
      invoiceNumber: 'SUB-2025-02',
      state: 'Posted',
      startDate: '2025-02-01',
      endDate: '2025-02-28',
      dueDate: '2025-02-21',
      postedDate: '2025-03-01T00:00:00.000Z',
      amount: 10,
      currency: 'CAD',
    });
  });

  it('answers 404 alike for another account’s, a Draft, a Void and an unknown invoice', async () => {
    for (const id of [inv.other.id, inv.draft.id, inv.void.id, 999999999n]) {
      for (const url of [`/b/v1/Invoice/details/${id}`, `/b/v1/Invoice/${id}`, `/b/v1/Invoice/content/${id}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: 'The invoice was not found.' });
      }
      const forward = await ctx.app.inject({ method: 'POST', url: `/b/v1/Invoice/calcforward/${id}`, headers: customer });
      expect(forward.statusCode).toBe(404);
    }
    // Staff reach other accounts, never drafts.
    expect((await get(`/b/v1/Invoice/${inv.other.id}`, staff)).statusCode).toBe(200);
    expect((await get(`/b/v1/Invoice/${inv.draft.id}`, staff)).statusCode).toBe(404);
  });

  it('answers a malformed id with 400', async () => {
    const res = await get('/b/v1/Invoice/details/12abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^params\.id: /);
  });
});

describe('GET /b/v1/Invoice/content/{invoiceId}', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    // The billing address moved on 2025-03-15: February's invoice (posted Mar 1) keeps the old one.
    const old = await createBillingDetails(db, own.id, new Date('2024-01-01T00:00:00Z'));
    await db.update(accountAddresses).set({ endDate: new Date('2025-03-15T00:00:00Z') }).where(eq(accountAddresses.id, old.accountAddress.id));
    const [moved] = await db
      .insert(addresses)
      .values({ accountId: own.id, streetNumber: '1', streetName: 'Rue Neuve', city: 'Montréal', province: 'QC', postal: 'H2X 1Y4', country: 'CA' })
      .returning();
    await db.insert(accountAddresses).values({ accountId: own.id, addressId: moved!.id, type: 'Billing', startDate: new Date('2025-03-15T00:00:00Z') });
    expect(old.address.streetName).toBe('King St W');
  });

  it('bills to the invoice name and the address current when the invoice was posted', async () => {
    const res = await get(`/b/v1/Invoice/content/${inv.feb.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      customer: {
        name: 'Own Billing Name',
        address: { addressLine1: '100 King St W', addressLine2: null, city: 'Toronto', province: 'ON', postalCode: 'M5X 1A9', country: 'CA' },
      },
      summary: null,
    });
    const later = await get(`/b/v1/Invoice/content/${inv.mar.id}`);
    expect(later.json().customer.address.addressLine1).toBe('1 Rue Neuve');
  });

  it('falls back to the current address and to the account name', async () => {
    const res = await get(`/b/v1/Invoice/content/${inv.subFeb.id}`);
    expect(res.json().customer).toEqual({ name: 'Sub Account', address: null });
  });

  it('adds the charges grouped by category and description with subtotal, taxes and total when summary is present', async () => {
    for (const query of ['?summary', '?summary=', '?summary=true']) {
      const res = await get(`/b/v1/Invoice/content/${inv.mar.id}${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().summary).toEqual({
        lines: [
          { category: 'Plan', description: 'Unlimited Talk & Text', amount: 50.25 },
          { category: 'Usage', description: 'Roaming', amount: 1 },
          { category: 'Tax', description: 'HST 13%', amount: 9.25 },
        ],
        subtotal: 51.25,
        taxes: 9.25,
        total: 60.5,
      });
    }
  });
});

describe('POST /b/v1/Invoice/calcforward/{invoiceId}', () => {
  it('carries the previous balance forward, less payments received since, plus the new charges', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/b/v1/Invoice/calcforward/${inv.feb.id}`, headers: customer });
    expect(res.statusCode).toBe(200);
    // Jan bill left 100.00 owing; 100.00 collected since (the failed attempt does not count).
    expect(res.json()).toEqual({ invoiceId: Number(inv.feb.id), currency: 'CAD', previousBalance: 100, paymentsReceived: 100, creditsAndAdjustments: 0, balanceForward: 0, charges: 120.5, taxes: 0, newCharges: 120.5, amountDue: 120.5 });

    const march = await ctx.app.inject({ method: 'POST', url: `/b/v1/Invoice/calcforward/${inv.mar.id}`, headers: customer });
    // Feb bill: 220.50 invoiced − 100.00 paid before Mar 1 = 120.50 owing; the InProgress payment since does not count.
    expect(march.json()).toEqual({ invoiceId: Number(inv.mar.id), currency: 'CAD', previousBalance: 120.5, paymentsReceived: 0, creditsAndAdjustments: 0, balanceForward: 120.5, charges: 71, taxes: 9.25, newCharges: 80.25, amountDue: 200.75 });

    const first = await ctx.app.inject({ method: 'POST', url: `/b/v1/Invoice/calcforward/${inv.jan.id}`, headers: customer });
    expect(first.json()).toMatchObject({ previousBalance: 0, paymentsReceived: 0, newCharges: 100, amountDue: 100 });
  });

  it('counts a credit note among credits and adjustments, on the bill after it was issued', async () => {
    // A dispute credit of 20.00 on February's bill, issued on Mar 10 (after Feb's posting, before March's).
    const [note] = await ctx.database.db
      .insert(creditNotes)
      .values({ accountId: own.id, invoiceId: inv.feb.id, receivableId: inv.feb.arId!, amount: '20.00', currency: 'CAD', description: 'Credit', createdAt: new Date('2025-03-10T12:00:00Z') })
      .returning();
    try {
      const march = await ctx.app.inject({ method: 'POST', url: `/b/v1/Invoice/calcforward/${inv.mar.id}`, headers: customer });
      expect(march.json()).toEqual({ invoiceId: Number(inv.mar.id), currency: 'CAD', previousBalance: 120.5, paymentsReceived: 0, creditsAndAdjustments: 20, balanceForward: 100.5, charges: 71, taxes: 9.25, newCharges: 80.25, amountDue: 180.75 });
      // February's own bill is untouched: the credit came after it.
      const feb = await ctx.app.inject({ method: 'POST', url: `/b/v1/Invoice/calcforward/${inv.feb.id}`, headers: customer });
      expect(feb.json()).toMatchObject({ paymentsReceived: 100, amountDue: 120.5 });
    } finally {
      await ctx.database.db.delete(creditNotes).where(eq(creditNotes.id, note!.id));
    }
  });
});
