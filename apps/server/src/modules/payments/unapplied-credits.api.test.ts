/**
 * A provider credit larger than what is open: the rest is the account's unapplied credit. The balance
 * shows it (what is owed goes negative), the statement lists the credit whole, the next invoice posted
 * takes it, and a repeat of the credit answers as the first time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { createCustomer, novemberInvoiceBody } from '../../../test/billing';
import { bearer, createBillingDetails, createInvoice } from '../../../test/factories';
import { eq } from 'drizzle-orm';
import { accounts, creditNotes } from '../../db/schema';

let ctx: TestContext;
let provider: Record<string, string>;

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2026-12-03T09:00:00Z') });
  provider = bearer(await clientTokenFor(ctx, ['payments:write', 'invoices:write']));
});
afterAll(() => ctx.close());

let n = 0;
/** An account owing 30.00 on one invoice. */
const accountOwing30 = async () => {
  n += 1;
  const customer = await createCustomer(ctx, { externalId: `ACC-UC-${n}`, currency: 'CAD' });
  await createBillingDetails(ctx.database.db, customer.account.id);
  await createInvoice(ctx.database.db, customer.account.id, {
    amount: '30.00',
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    dueDate: '2026-11-21',
    postedDate: new Date('2026-11-01T09:00:00Z'),
  });
  return { ...customer, externalId: `ACC-UC-${n}` };
};

const credit = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/p/v1/credits', headers: provider, payload });

/** An invoice of 100.00 (plan only, no tax) posted over the provider API. */
const postInvoiceOf100 = (accountExternalId: string, suffix = '') =>
  ctx.app.inject({
    method: 'PUT',
    url: `/p/v1/invoices/INV-UC-${n}${suffix}`,
    headers: { ...provider, 'content-type': 'application/json' },
    payload: stringifyJson(novemberInvoiceBody(accountExternalId, `UC-${String(n).padStart(5, '0')}${suffix}`)),
  });

const balances = async (accountId: bigint, headers: Record<string, string>) =>
  (await ctx.app.inject({ url: `/b/v1/Billing/GetClientHomeModel/${accountId}`, headers })).json().balances;

describe('a credit of 50 on an account owing 30', () => {
  it('leaves 20 of credit: owed -20, and the next invoice of 100 owes 80', async () => {
    const c = await accountOwing30();
    const body = { externalId: `CR-UC-${n}`, accountExternalId: c.externalId, amount: '50.00', reason: 'Goodwill' };
    const first = await credit(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ amount: '50.00', unapplied: '20.00', allocations: [{ amount: '30.00' }] });
    expect(await balances(c.account.id, c.headers)).toEqual([{ amount: 20, currency: { code: 'CAD' } }]);

    const statement = await ctx.app.inject({
      url: `/b/v1/Account/${c.account.id}/statement?from=2026-11-01&to=2026-12-31&format=csv`,
      headers: c.headers,
    });
    expect(statement.body).toContain('Credit on account - Goodwill');
    expect(statement.body).toMatch(/Closing balance[^\n]*,-20\.00/);

    const posted = await postInvoiceOf100(c.externalId);
    expect(posted.statusCode).toBe(201);
    const invoiceId = (parseJson(posted.body) as { id: string }).id;
    const details = await ctx.app.inject({ url: `/b/v1/Invoice/details/${invoiceId}`, headers: c.headers });
    expect(details.json()).toMatchObject({ invoice: { amount: 100 }, owing: 80 });
    expect(await balances(c.account.id, c.headers)).toEqual([{ amount: -80, currency: { code: 'CAD' } }]);

    // The same body again answers as the first time, though the rest has since been applied.
    const again = await credit(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balances(c.account.id, c.headers)).toEqual([{ amount: -80, currency: { code: 'CAD' } }]);
  });

  it('spreads over every invoice posted until it is used up, and the statement lists it once', async () => {
    const c = await accountOwing30();
    await credit({ externalId: `CR-UC-${n}`, accountExternalId: c.externalId, amount: '250.00', reason: 'Correction' });
    expect((await postInvoiceOf100(c.externalId)).statusCode).toBe(201);
    expect(await balances(c.account.id, c.headers)).toEqual([{ amount: 120, currency: { code: 'CAD' } }]);
    const statement = await ctx.app.inject({ url: `/b/v1/Account/${c.account.id}/2026-11-01/2026-12-31`, headers: c.headers });
    expect(statement.json()).toMatchObject({ credits: [{ amount: 250, invoiceNumber: null, description: 'Correction' }], totalCredited: 250 });
  });

  it('moves the balance of an account that owes nothing, though it writes no credit note (the cached home model too)', async () => {
    n += 1;
    const c = await createCustomer(ctx, { externalId: `ACC-UC-${n}`, currency: 'CAD' });
    expect(await balances(c.account.id, c.headers)).toEqual([]);
    const res = await credit({ externalId: `CR-UC-${n}`, accountExternalId: `ACC-UC-${n}`, amount: '15.00', reason: 'Goodwill' });
    expect(res.json()).toMatchObject({ allocations: [], unapplied: '15.00' });
    expect(await balances(c.account.id, c.headers)).toEqual([{ amount: 15, currency: { code: 'CAD' } }]);
  });
});

describe('the account row says whether credit is left', () => {
  const flag = async (accountId: bigint) =>
    (await ctx.database.db.select({ unappliedCredit: accounts.unappliedCredit }).from(accounts).where(eq(accounts.id, accountId)))[0]!.unappliedCredit;
  const notes = async (accountId: bigint) => (await ctx.database.db.select().from(creditNotes).where(eq(creditNotes.accountId, accountId))).length;

  it('is set by a credit with a rest, stays while postings leave some, and is cleared by the posting that uses it up', async () => {
    const c = await accountOwing30();
    expect(await flag(c.account.id)).toBe(false);
    await credit({ externalId: `CR-UC-${n}`, accountExternalId: c.externalId, amount: '180.00', reason: 'Correction' });
    expect(await flag(c.account.id)).toBe(true);
    expect((await postInvoiceOf100(c.externalId, '-a')).statusCode).toBe(201);
    expect(await flag(c.account.id)).toBe(true);
    expect((await postInvoiceOf100(c.externalId, '-b')).statusCode).toBe(201);
    expect(await flag(c.account.id)).toBe(false);
    expect(await balances(c.account.id, c.headers)).toEqual([{ amount: -50, currency: { code: 'CAD' } }]);
    // Nothing is left to apply: the next posting writes no credit note.
    const before = await notes(c.account.id);
    expect((await postInvoiceOf100(c.externalId, '-c')).statusCode).toBe(201);
    expect(await notes(c.account.id)).toBe(before);
    expect(await balances(c.account.id, c.headers)).toEqual([{ amount: -150, currency: { code: 'CAD' } }]);
  });

  it('is not set by a credit that all went to what was open', async () => {
    const c = await accountOwing30();
    await credit({ externalId: `CR-UC-${n}`, accountExternalId: c.externalId, amount: '30.00', reason: 'Goodwill' });
    expect(await flag(c.account.id)).toBe(false);
  });
});
