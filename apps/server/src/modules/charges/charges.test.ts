import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../../test/app';
import { bearer, createAccount, createInvoice, createUser, tokenFor } from '../../../test/factories';

let ctx: TestContext;
let customer: Record<string, string>;
let staff: Record<string, string>;
let own: Awaited<ReturnType<typeof createAccount>>;
let sub: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
let posted: Awaited<ReturnType<typeof createInvoice>>;
let subInvoice: Awaited<ReturnType<typeof createInvoice>>;

type ChargeJson = { id: number; invoiceId: number; accountId: number; category: string; description: string; amount: number; unitAmount: number | null; quantity: number };

const list = async (query: string, headers = customer) => {
  const res = await ctx.app.inject({ url: `/b/v1/Charge/items${query}`, headers });
  return res;
};
const descriptions = (body: { value: ChargeJson[] }) => body.value.map((c) => c.description);

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  own = await createAccount(db);
  sub = await createAccount(db, { parentId: own.id });
  other = await createAccount(db);
  // Each factory invoice carries one Plan line "Unlimited Talk & Text" of its amount.
  posted = await createInvoice(db, own.id, { amount: '50.00' });
  subInvoice = await createInvoice(db, sub.id, { amount: '20.00' });
  await createInvoice(db, own.id, { state: 'Draft', amount: '70.00' });
  await createInvoice(db, own.id, { state: 'Void', amount: '80.00' });
  await createInvoice(db, other.id, { amount: '90.00' });
  await db.insert(charges).values([
    {
      accountId: own.id,
      invoiceId: posted.id,
      category: 'Usage',
      description: 'Long distance, 120 min',
      quantity: '120.000',
      unitAmount: '0.0125',
      amount: '1.50',
      currency: 'CAD',
      startDate: '2025-01-05',
      endDate: '2025-01-05',
    },
    { accountId: own.id, invoiceId: posted.id, category: 'Tax', description: 'HST 13%', amount: '6.70', currency: 'CAD', startDate: '2025-01-01', endDate: '2025-01-31', taxCode: 'HST-ON' },
  ]);
  customer = bearer(await tokenFor(db, await createUser(db, { accountIds: [own.id] })));
  staff = bearer(await tokenFor(db, await createUser(db, { roles: ['Staff'] }), { accountIds: [] }));
});
afterAll(() => ctx.close());

describe('GET /b/v1/Charge/items', () => {
  it('lists only charges of posted invoices of the caller’s accounts and sub-accounts', async () => {
    const res = await list('?count=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.value.map((c: ChargeJson) => [c.invoiceId, c.amount])).toEqual([
      [Number(subInvoice.id), 20],
      [Number(posted.id), 50],
      [Number(posted.id), 1.5],
      [Number(posted.id), 6.7],
    ]);
  });

  it('presents a charge with its quantity, unit rate and tax code', async () => {
    const res = await list(`?dnfilter=${encodeURIComponent('Category=="Usage"')}`);
    expect(res.json().value).toEqual([
      {
        id: expect.any(Number),
        accountId: Number(own.id),
        invoiceId: Number(posted.id),
        category: 'Usage',
        description: 'Long distance, 120 min',
        quantity: 120,
        unitAmount: 0.0125,
        amount: 1.5,
        currency: 'CAD',
        startDate: '2025-01-05',
        endDate: '2025-01-05',
        taxCode: null,
      },
    ]);
  });

  it('filters, sorts and pages', async () => {
    const byInvoice = await list(`?dnfilter=${encodeURIComponent(`InvoiceId==${posted.id} && Amount >= 5`)}&orderby=${encodeURIComponent('Amount desc')}`);
    expect(byInvoice.json().value.map((c: ChargeJson) => c.amount)).toEqual([50, 6.7]);
    const text = await list(`?dnfilter=${encodeURIComponent('Description.contains("distance") || Description.startsWith("hst")')}&orderby=Description&count=true`);
    expect(descriptions(text.json())).toEqual(['HST 13%', 'Long distance, 120 min']);
    const page = await list('?orderby=Amount%20asc&skip=1&take=2&count=true');
    expect(page.json()).toMatchObject({ count: 4 });
    expect(page.json().value.map((c: ChargeJson) => c.amount)).toEqual([6.7, 20]);
  });

  it('keeps a customer’s query to their accounts whatever the filter says', async () => {
    const res = await list(`?dnfilter=${encodeURIComponent(`AccountId==${other.id}`)}&count=true`);
    expect(res.json()).toEqual({ value: [], count: 0 });
  });

  it('shows staff the charges of every account’s posted invoices, never of drafts or voids', async () => {
    const res = await list('?count=true', staff);
    expect(res.json().count).toBe(5);
    expect(res.json().value.map((c: ChargeJson) => c.amount)).not.toContain(70);
    expect(res.json().value.map((c: ChargeJson) => c.amount)).not.toContain(80);
  });

  it('answers bad filters with 400 and no session with 401', async () => {
    const bad = await list(`?dnfilter=${encodeURIComponent('Category = "Tax"')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Unexpected character '=' (use '==' to compare) at position 9" });
    const field = await list(`?dnfilter=${encodeURIComponent('TaxCode=="x"')}`);
    expect(field.json()).toEqual({ error: "Unknown field 'TaxCode' at position 0" });
    const anonymous = await ctx.app.inject({ url: '/b/v1/Charge/items' });
    expect(anonymous.statusCode).toBe(401);
  });
});
