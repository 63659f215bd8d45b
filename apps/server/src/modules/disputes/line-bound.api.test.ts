/**
 * A charge line is disputed and credited at most once over: its amount is shared by the line and the
 * call records billed on it, whichever of them is disputed, one after another or 20 at once. A tax line
 * follows its charges and is not disputed on its own; staff see each dispute's account and line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts, charges, creditNotes, disputes, invoices, receivables } from '../../db/schema';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createAccount, createBillingDetails, createUser } from '../../../test/factories';
import { callAs, createUsageLine, disputeTwentyAtOnce, liveDisputedCents, MIXED_LINE, type Caller, type UsageLine } from '../../../test/dispute-lines';

const NOW = '2026-11-25T12:00:00Z';
const INVOICE = { postedDate: new Date('2026-11-01T00:00:00Z'), startDate: '2026-10-01', endDate: '2026-10-31', dueDate: '2026-11-21' };
const ABOVE = (maximum: string) =>
  `The disputed amount cannot be more than the charge (less what other disputes of it and of its call records claim): at most ${maximum}.`;

let ctx: TestContext;
let call: ReturnType<typeof callAs>;
let accountId: bigint;
let customer: Caller;
let staff: Caller;

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
  const db = ctx.database.db;
  accountId = (await createAccount(db)).id;
  await createBillingDetails(db, accountId);
  customer = await createUser(db, { accountIds: [accountId], name: 'Alex Customer' });
  staff = await createUser(db, { roles: ['Staff'], name: 'Taylor Staff' });
  call = callAs(ctx.app, db, () => ctx.clock.now());
});
afterAll(() => ctx.close());

const dispute = (body: Record<string, unknown>) => call(customer, 'POST', '/b/v1/Dispute', { reason: 'WrongAmount', ...body });
const reviewAndResolve = async (id: unknown, body: Record<string, unknown>) => {
  expect((await call(staff, 'POST', `/b/v1/Dispute/${String(id)}/review`)).status).toBe(200);
  return call(staff, 'POST', `/b/v1/Dispute/${String(id)}/resolve`, body);
};
const refusedAbove = (maximum: string) => ({ status: 400, body: { error: ABOVE(maximum), fields: { amount: ABOVE(maximum) } } });

describe('the roaming line of 9.10 and its records of 7.35, 1.10 and 0.65', () => {
  let line: UsageLine;
  beforeAll(async () => {
    line = await createUsageLine(ctx.database.db, accountId, '9.10', ['7.3500', '1.1000', '0.6500'], INVOICE);
  });

  it('a line disputed whole leaves nothing to its records; rejected, it frees them', async () => {
    const whole = await dispute({ chargeId: line.lineId, amount: 9.1 });
    expect(whole.status).toBe(200);
    expect(await dispute({ cdrId: line.recordIds[0], amount: 7.35 })).toEqual(refusedAbove('0.00'));
    expect(await dispute({ cdrId: line.recordIds[1], amount: 0.01 })).toEqual(refusedAbove('0.00'));

    expect((await reviewAndResolve(whole.body.id, { outcome: 'Rejected', rejectionReason: 'The calls were made.' })).status).toBe(200);
    expect((await dispute({ cdrId: line.recordIds[0], amount: 7.35 })).status).toBe(200);
  });

  it('records disputed first leave the line only the rest, and a record no more than itself', async () => {
    expect(await dispute({ cdrId: line.recordIds[0], amount: 0.01 })).toEqual(refusedAbove('0.00'));
    expect((await dispute({ cdrId: line.recordIds[1], amount: 1.1 })).status).toBe(200);
    expect(await dispute({ chargeId: line.lineId, amount: 1 })).toEqual(refusedAbove('0.65'));
    expect(await dispute({ cdrId: line.recordIds[2], amount: 0.66 })).toEqual(refusedAbove('0.65'));
    expect((await dispute({ chargeId: line.lineId, amount: 0.65 })).status).toBe(200);
    expect(await dispute({ cdrId: line.recordIds[2], amount: 0.01 })).toEqual(refusedAbove('0.00'));

    expect(await liveDisputedCents(ctx.database.db, line)).toEqual({ line: 65n, records: [735n, 110n, 0n] });
    const saved = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(disputes).where(eq(disputes.invoiceId, line.invoiceId));
    expect(saved[0]!.n).toBe(4); // the rejected whole, two records, the rest of the line: no refusal saved anything
  });
});

describe('credits of a line claimed more than once before the bound (9.10 on the line, 7.35 and 1.10 on its records)', () => {
  it('credit the line at most once over, and say how much is left', async () => {
    const db = ctx.database.db;
    const line = await createUsageLine(db, accountId, '9.10', ['7.3500', '1.1000', '0.6500'], INVOICE);
    // As the portal let them be raised before: written directly, each under review.
    const raised = await db
      .insert(disputes)
      .values(
        [
          { chargeId: line.lineId, amount: '9.10' },
          { cdrId: line.recordIds[0]!, amount: '7.35' },
          { cdrId: line.recordIds[1]!, amount: '1.10' },
        ].map((claim) => ({ accountId, invoiceId: line.invoiceId, reason: 'WrongAmount' as const, currency: 'CAD', status: 'UnderReview' as const, ...claim })),
      )
      .returning({ id: disputes.id });
    const resolve = (i: number, creditedAmount: number) => call(staff, 'POST', `/b/v1/Dispute/${raised[i]!.id}/resolve`, { outcome: 'Resolved', creditedAmount });

    expect((await resolve(1, 7.35)).status).toBe(200);
    const message = 'The credits of a charge and of its call records cannot add up to more than the charge: at most 1.75 can still be credited.';
    expect(await resolve(0, 9.1)).toEqual({ status: 400, body: { error: message, fields: { creditedAmount: message } } });
    expect((await resolve(0, 1.75)).status).toBe(200);
    const none = 'The credits of a charge and of its call records cannot add up to more than the charge: at most 0.00 can still be credited.';
    expect(await resolve(2, 1.1)).toEqual({ status: 400, body: { error: none, fields: { creditedAmount: none } } });

    const { rows } = await db.execute<{ credited: string }>(sql`select sum(amount)::text as credited from credit_notes where invoice_id = ${line.invoiceId}`);
    expect(rows[0]!.credited).toBe('9.10');
  });
});

describe('20 disputes at once, of the line and of its records', () => {
  it('never claim more than the line, nor a record more than itself', async () => {
    const line = await createUsageLine(ctx.database.db, accountId, MIXED_LINE.amount, [...MIXED_LINE.records], INVOICE);
    const answers = await disputeTwentyAtOnce(call, customer, line);

    for (const answer of answers) {
      if (answer.status !== 200) expect(answer).toMatchObject({ status: 400, body: { fields: { amount: expect.stringContaining('at most') } } });
    }
    const granted = answers.filter((a) => a.status === 200).reduce((sum, a) => sum + BigInt(Math.round(Number(a.body.amount) * 100)), 0n);
    const live = await liveDisputedCents(ctx.database.db, line);
    const total = live.line + live.records.reduce((a, b) => a + b, 0n);
    expect(total).toBe(granted);
    expect(total).toBeLessThanOrEqual(1000n);
    expect(live.records[0]).toBeLessThanOrEqual(400n);
    expect(live.records[1]).toBeLessThanOrEqual(300n);
    expect(live.records[2]).toBeLessThanOrEqual(300n);
    // Taken in turn, 35.00 asked for leaves the line less than one claim (1.50) short.
    expect(total).toBeGreaterThanOrEqual(850n);
  });
});

describe('taxes follow the charges they are on', () => {
  it('refuses a tax line disputed on its own with 400 on chargeId, saving nothing; its charge is disputed and credited with its tax', async () => {
    const db = ctx.database.db;
    const line = await createUsageLine(db, accountId, '10.00', ['10.0000'], INVOICE);
    const [tax] = await db
      .insert(charges)
      .values({ accountId, invoiceId: line.invoiceId, category: 'Tax', description: 'HST 13%', amount: '1.30', currency: 'CAD', startDate: INVOICE.startDate, endDate: INVOICE.endDate, taxCode: 'HST' })
      .returning();
    const message = 'A tax is not disputed on its own: it follows the charges it is on. Dispute the charge instead.';
    expect(await dispute({ chargeId: tax!.id, amount: 1.3 })).toEqual({ status: 400, body: { error: message, fields: { chargeId: message } } });
    expect(await db.select().from(disputes).where(eq(disputes.invoiceId, line.invoiceId))).toEqual([]);
    const whole = await dispute({ chargeId: line.lineId, amount: 10 });
    expect(whole.status).toBe(200);

    // Credited, the charge takes its 13% with it: the credit note (and what the invoice owes) is 11.30.
    // The invoice bills the line and its tax.
    await db.update(invoices).set({ amount: '11.30' }).where(eq(invoices.id, line.invoiceId));
    await db.update(receivables).set({ amount: '11.30' }).where(eq(receivables.invoiceId, line.invoiceId));
    const owing = async () => (await call(customer, 'GET', `/b/v1/Invoice/details/${line.invoiceId}`)).body.owing;
    expect(await owing()).toBe(11.3);
    const resolved = await reviewAndResolve(whole.body.id, { outcome: 'Resolved', creditedAmount: 10 });
    expect(resolved).toMatchObject({ status: 200, body: { status: 'Resolved', creditedAmount: 10, creditedTax: 1.3 } });
    const notes = await db.select({ amount: creditNotes.amount }).from(creditNotes).where(eq(creditNotes.invoiceId, line.invoiceId));
    expect(notes).toEqual([{ amount: '11.30' }]);
    expect(await owing()).toBe(0);
  });

  it('refuses a credit whose tax would take the invoice below zero, saying so', async () => {
    const db = ctx.database.db;
    const line = await createUsageLine(db, accountId, '10.00', ['10.0000'], INVOICE);
    await db
      .insert(charges)
      .values({ accountId, invoiceId: line.invoiceId, category: 'Tax', description: 'HST 13%', amount: '1.30', currency: 'CAD', startDate: INVOICE.startDate, endDate: INVOICE.endDate, taxCode: 'HST' });
    const raised = await dispute({ chargeId: line.lineId, amount: 10 });
    // The receivable is the factory's 10.00: the tax was never billed on it.
    const message = 'The invoice owes only 10.00: the credit and the tax that follows it (1.30) cannot take it below zero.';
    expect(await reviewAndResolve(raised.body.id, { outcome: 'Resolved', creditedAmount: 10 })).toEqual({
      status: 400,
      body: { error: message, fields: { creditedAmount: message } },
    });
    expect(await db.select().from(creditNotes).where(eq(creditNotes.invoiceId, line.invoiceId))).toEqual([]);
  });
});

describe('what the queue says of a dispute', () => {
  it('names the account by number and name, and the line a record dispute counts against', async () => {
    const db = ctx.database.db;
    const line = await createUsageLine(db, accountId, '5.00', ['2.0000', '3.0000'], INVOICE);
    const onRecord = await dispute({ cdrId: line.recordIds[1], amount: 3 });
    const onLine = await dispute({ chargeId: line.lineId, amount: 2 });
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(onRecord.body).toMatchObject({ accountNumber: account!.customerNo, accountName: account!.name, cdrId: Number(line.recordIds[1]), lineChargeId: Number(line.lineId), lineAmount: 3 });
    expect(onLine.body).toMatchObject({ chargeId: Number(line.lineId), lineChargeId: Number(line.lineId), lineDescription: 'Roaming calls', lineAmount: 5 });
  });

  it('filters by account number, for staff as for the customer', async () => {
    const db = ctx.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    const other = await createAccount(db);
    await createBillingDetails(db, other.id);
    const otherCustomer = await createUser(db, { accountIds: [other.id] });
    const otherLine = await createUsageLine(db, other.id, '4.00', ['4.0000'], INVOICE);
    expect((await call(otherCustomer, 'POST', '/b/v1/Dispute', { chargeId: otherLine.lineId, amount: 1, reason: 'Other' })).status).toBe(200);

    const byNumber = (number: string, user: Caller = staff) =>
      call(user, 'GET', `/b/v1/Dispute/items?dnfilter=${encodeURIComponent(`AccountNumber=="${number}"`)}&count=true`);
    const own = await byNumber(account!.customerNo);
    const ownCount = (await db.select({ n: sql<number>`count(*)::int` }).from(disputes).where(eq(disputes.accountId, accountId)))[0]!.n;
    expect(own.status).toBe(200);
    expect(own.body.count).toBe(ownCount);
    expect((own.body.value as { accountNumber: string }[]).every((d) => d.accountNumber === account!.customerNo)).toBe(true);
    expect((await byNumber(other.customerNo)).body).toMatchObject({ count: 1, value: [{ accountNumber: other.customerNo, accountName: other.name }] });
    // A customer's filter never reaches past their own accounts.
    expect((await byNumber(other.customerNo, customer)).body).toEqual({ value: [], count: 0 });
    const partial = await call(staff, 'GET', `/b/v1/Dispute/items?dnfilter=${encodeURIComponent(`AccountNumber.contains("${other.customerNo.slice(2)}")`)}&count=true`);
    expect(partial.body.count).toBe(1);
  });
});
