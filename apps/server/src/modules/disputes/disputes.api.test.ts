import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parseJson, stringifyJson } from '@portal/contract';
import { auditLog, cdrs, charges, creditNotes, disputes, notifications } from '../../db/schema';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { bearer, createAccount, createBillingDetails, createInvoice, createPayment, createUser, tokenFor } from '../../../test/factories';

// The customer lives in Toronto: an invoice posted at 00:00 UTC on Nov 1 was billed on Oct 31 there,
// so the terms' 30 days run through Nov 30, until 05:00 UTC on Dec 1.
const NOW = '2026-11-25T12:00:00Z';
const POSTED = new Date('2026-11-01T00:00:00Z');

let ctx: TestContext;
let own: Awaited<ReturnType<typeof createAccount>>;
let other: Awaited<ReturnType<typeof createAccount>>;
let recent: Awaited<ReturnType<typeof createInvoice>>;
let old: Awaited<ReturnType<typeof createInvoice>>;
let otherInvoice: Awaited<ReturnType<typeof createInvoice>>;
let customerUser: Awaited<ReturnType<typeof createUser>>;
let staffUser: Awaited<ReturnType<typeof createUser>>;
let adminUser: Awaited<ReturnType<typeof createUser>>;
let ids: { plan: bigint; usage: bigint; oldPlan: bigint; otherPlan: bigint; draftPlan: bigint; cdr: bigint; draftCdr: bigint };

type Json = Record<string, unknown>;

/** A token issued at the clock's time (the clock moves in the window tests). */
const headersOf = async (user: { id: bigint; name: string; roles: string[] }) =>
  bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now(), ...(user.roles.length ? { accountIds: [] } : {}) }));

const call = async (user: { id: bigint; name: string; roles: string[] }, method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...(await headersOf(user)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: stringifyJson(body) }),
  });
  return { status: res.statusCode, body: parseJson(res.body) as Json };
};

const dispute = (body: Json, user = customerUser) => call(user, 'POST', '/b/v1/Dispute', body);
const list = (query: string, user = customerUser) => call(user, 'GET', `/b/v1/Dispute/items${query}`);
const review = (id: unknown, user = staffUser) => call(user, 'POST', `/b/v1/Dispute/${String(id)}/review`);
const resolve = (id: unknown, body: Json, user = staffUser) => call(user, 'POST', `/b/v1/Dispute/${String(id)}/resolve`, body);
const owingOf = async (invoiceId: bigint) => (await call(customerUser, 'GET', `/b/v1/Invoice/details/${invoiceId}`)).body.owing;
const filter = (expression: string) => `?dnfilter=${encodeURIComponent(expression)}&count=true`;

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
  const db = ctx.database.db;
  own = await createAccount(db);
  await createBillingDetails(db, own.id);
  other = await createAccount(db);
  await createBillingDetails(db, other.id);
  recent = await createInvoice(db, own.id, { amount: '80.00', startDate: '2026-10-01', endDate: '2026-10-31', dueDate: '2026-11-21', postedDate: POSTED });
  old = await createInvoice(db, own.id, { amount: '50.00', startDate: '2026-09-01', endDate: '2026-09-30', dueDate: '2026-10-21', postedDate: new Date('2026-10-01T00:00:00Z') });
  otherInvoice = await createInvoice(db, other.id, { amount: '50.00', postedDate: POSTED });
  const draft = await createInvoice(db, own.id, { state: 'Draft', amount: '30.00', startDate: '2026-11-01', endDate: '2026-11-30', dueDate: '2026-12-21' });
  const lineOf = async (invoiceId: bigint) => (await db.select({ id: charges.id }).from(charges).where(eq(charges.invoiceId, invoiceId)))[0]!.id;
  // The factory's plan line is the invoice's whole amount; recent also has a usage line inside it.
  await db.update(charges).set({ amount: '50.00' }).where(eq(charges.invoiceId, recent.id));
  const [usage] = await db
    .insert(charges)
    .values({ accountId: own.id, invoiceId: recent.id, category: 'Usage', description: 'Long distance', amount: '30.00', currency: 'CAD', startDate: '2026-10-01', endDate: '2026-10-31' })
    .returning();
  const cdr = (invoiceId: bigint, amount: string) => ({
    invoiceId,
    accountId: own.id,
    kind: 'voice' as const,
    startedAt: new Date('2026-10-12T15:00:00Z'),
    fromNumber: '+14165550100',
    toNumber: '+33142685300',
    durationSeconds: 600,
    description: 'Call to France',
    amount,
  });
  const [posted] = await db.insert(cdrs).values(cdr(recent.id, '2.4567')).returning();
  const [unbilled] = await db.insert(cdrs).values(cdr(draft.id, '1.2000')).returning();
  ids = {
    plan: await lineOf(recent.id),
    usage: usage!.id,
    oldPlan: await lineOf(old.id),
    otherPlan: await lineOf(otherInvoice.id),
    draftPlan: await lineOf(draft.id),
    cdr: posted!.id,
    draftCdr: unbilled!.id,
  };
  customerUser = await createUser(db, { accountIds: [own.id], name: 'Alex Customer' });
  staffUser = await createUser(db, { roles: ['Staff'], name: 'Taylor Staff' });
  adminUser = await createUser(db, { roles: ['Admin'], name: 'Riley Admin' });
});
afterAll(() => ctx.close());

describe('POST /b/v1/Dispute', () => {
  it('opens a dispute of a charge line, audited and notified to the account', async () => {
    const res = await dispute({ chargeId: ids.usage, reason: 'WrongAmount', details: '  I was not in France.  ', amount: 12.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accountId: Number(own.id),
      invoiceId: Number(recent.id),
      invoiceNumber: recent.invoiceNumber,
      chargeId: Number(ids.usage),
      cdrId: null,
      lineDescription: 'Long distance',
      lineAmount: 30,
      reason: 'WrongAmount',
      details: 'I was not in France.',
      amount: 12.5,
      currency: 'CAD',
      status: 'Open',
      createdAt: '2026-11-25T12:00:00.000Z',
      raisedBy: 'Alex Customer',
      reviewed: null,
      resolved: null,
      creditedAmount: null,
      rejectionReason: null,
    });
    const db = ctx.database.db;
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'dispute.opened'), eq(auditLog.entityId, String(res.body.id))));
    expect(audit).toMatchObject({ actorUserId: customerUser.id, accountId: own.id, entity: 'dispute' });
    const notes = await db.select().from(notifications).where(and(eq(notifications.accountId, own.id), eq(notifications.kind, 'dispute_status_changed')));
    expect(notes).toHaveLength(1);
  });

  it('opens a dispute of a call record, its amount shown to the cent', async () => {
    const res = await dispute({ cdrId: ids.cdr, reason: 'NotRecognised', amount: 2.45 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cdrId: Number(ids.cdr), chargeId: null, lineDescription: 'Call to France', lineAmount: 2.46, amount: 2.45, details: '' });
  });

  it('refuses more than the line (less what other disputes of it and of its records claim) with 400, saving nothing', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(disputes);
    const above = await dispute({ chargeId: ids.plan, reason: 'WrongAmount', amount: 50.01 });
    expect(above.status).toBe(400);
    expect(above.body).toEqual({
      error: 'The disputed amount cannot be more than the charge (less what other disputes of it and of its call records claim): at most 50.00.',
      fields: { amount: 'The disputed amount cannot be more than the charge (less what other disputes of it and of its call records claim): at most 50.00.' },
    });
    // 12.50 of the usage line's 30.00 is already disputed.
    const rest = await dispute({ chargeId: ids.usage, reason: 'Duplicate', amount: 17.51 });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toContain('at most 17.50');
    const cdr = await dispute({ cdrId: ids.cdr, reason: 'Other', amount: 0.01 });
    expect(cdr.status).toBe(400);
    expect(cdr.body.error).toContain('at most 0.00');
    expect(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(disputes)).toEqual(before);
  });

  it('refuses a malformed request with 400', async () => {
    for (const body of [
      { reason: 'Other', amount: 1 },
      { chargeId: ids.plan, cdrId: ids.cdr, reason: 'Other', amount: 1 },
      { chargeId: ids.plan, reason: 'Other', amount: 0 },
      { chargeId: ids.plan, reason: 'Other', amount: 1.234 },
      { chargeId: ids.plan, reason: 'Because', amount: 1 },
      { chargeId: ids.plan, reason: 'Other', amount: 1, details: 'x'.repeat(1001) },
    ]) {
      const res = await dispute(body);
      expect(res.status, stringifyJson(body)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('answers 404 for another account’s line, a draft invoice’s line and an unknown one', async () => {
    for (const body of [{ chargeId: ids.otherPlan }, { chargeId: ids.draftPlan }, { chargeId: 999999999n }, { cdrId: 999999999n }]) {
      const res = await dispute({ ...body, reason: 'Other', amount: 1 });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/^The (charge|call record) was not found\.$/);
    }
  });

  it('answers 409 for a call of a period not billed yet', async () => {
    const res = await dispute({ cdrId: ids.draftCdr, reason: 'Other', amount: 1 });
    expect(res).toEqual({ status: 409, body: { error: 'This call is in a period that has not been billed yet: it can be disputed once its invoice is issued.' } });
  });

  it('lets staff dispute for the customer (any account)', async () => {
    const res = await dispute({ chargeId: ids.otherPlan, reason: 'ServiceNotReceived', amount: 5 }, staffUser);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accountId: Number(other.id), raisedBy: 'Taylor Staff' });
  });
});

describe('the terms’ window, on the controllable clock', () => {
  it.each([
    ['2026-12-01T04:59:59Z', 200], // 23:59:59 on Nov 30 in Toronto: the 30th day after Oct 31
    ['2026-12-01T05:00:00Z', 409], // midnight in Toronto
    ['2026-11-01T00:00:00Z', 200], // the billing instant itself
  ])('at %s a dispute of the invoice billed on Oct 31 answers %s', async (now, status) => {
    ctx.clock.set(now);
    try {
      const res = await dispute({ chargeId: ids.plan, reason: 'Other', amount: 0.01 });
      expect(res.status).toBe(status);
      if (status === 409)
        expect(res.body.error).toBe(
          'The terms say charge disputes must be raised within 30 days of the billing date. This invoice was billed on 2026-10-31; disputes closed after 2026-11-30.',
        );
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('refuses an invoice billed more than 30 days ago with 409, saving nothing', async () => {
    const res = await dispute({ chargeId: ids.oldPlan, reason: 'Other', amount: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('billed on 2026-09-30; disputes closed after 2026-10-30');
    expect(await ctx.database.db.select().from(disputes).where(eq(disputes.chargeId, ids.oldPlan))).toEqual([]);
  });
});

describe('GET /b/v1/Dispute/items', () => {
  it('shows customers their own accounts’ disputes, newest first', async () => {
    const res = await list('?count=true');
    expect(res.status).toBe(200);
    const value = res.body.value as Json[];
    expect(value.every((d) => d.accountId === Number(own.id))).toBe(true);
    expect(res.body.count).toBe(value.length);
    const created = value.map((d) => `${String(d.createdAt)}|${String(d.id)}`);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('keeps a customer’s query to their accounts whatever the filter says', async () => {
    expect((await list(filter(`AccountId==${other.id}`))).body).toEqual({ value: [], count: 0 });
  });

  it('shows staff and admin every account’s disputes, filtered by account, invoice and status', async () => {
    const all = await list('?count=true', adminUser);
    expect((all.body.value as Json[]).some((d) => d.accountId === Number(other.id))).toBe(true);
    const byAccount = await list(filter(`AccountId==${other.id}`), staffUser);
    expect((byAccount.body.value as Json[]).map((d) => d.accountId)).toEqual([Number(other.id)]);
    const byInvoice = await list(filter(`InvoiceId==${recent.id} && Status=="Open"`), staffUser);
    expect((byInvoice.body.value as Json[]).length).toBeGreaterThan(0);
    expect((byInvoice.body.value as Json[]).every((d) => d.invoiceId === Number(recent.id) && d.status === 'Open')).toBe(true);
  });

  it('pages like the other item lists (skip, take, count) and sorts by an allowed field', async () => {
    const all = await list(`?orderby=${encodeURIComponent('Amount asc')}&count=true`);
    const amounts = (all.body.value as Json[]).map((d) => d.amount as number);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const page = await list(`?orderby=${encodeURIComponent('Amount asc')}&skip=1&take=1&count=true`);
    expect(page.body.count).toBe(all.body.count);
    expect((page.body.value as Json[]).map((d) => d.id)).toEqual([(all.body.value as Json[])[1]!.id]);
  });

  it('answers a bad filter with 400 and no session with 401', async () => {
    const bad = await list(`?dnfilter=${encodeURIComponent('Details=="x"')}`);
    expect(bad).toEqual({ status: 400, body: { error: "Unknown field 'Details' at position 0" } });
    expect((await ctx.app.inject({ url: '/b/v1/Dispute/items' })).statusCode).toBe(401);
  });
});

describe('review and resolve', () => {
  const openOne = async (chargeId: bigint, amount: number) => {
    const res = await dispute({ chargeId, reason: 'WrongAmount', amount });
    expect(res.status).toBe(200);
    return res.body.id;
  };

  it('are for Staff and Admin only: 403 for customers, 401 without a session', async () => {
    const id = await openOne(ids.plan, 1);
    expect(await review(id, customerUser)).toEqual({ status: 403, body: { error: 'Only support staff and administrators can do this.' } });
    expect((await resolve(id, { outcome: 'Rejected', rejectionReason: 'No' }, customerUser)).status).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/b/v1/Dispute/${String(id)}/review` })).statusCode).toBe(401);
    expect((await review(id, adminUser)).status).toBe(200);
    expect((await resolve(id, { outcome: 'Rejected', rejectionReason: 'Billed as agreed.' }, adminUser)).status).toBe(200);
  });

  it('Open → Under review → Resolved with a credit that lowers the invoice’s owing exactly, audited', async () => {
    const owing = await owingOf(recent.id);
    const id = await openOne(ids.plan, 20);
    const early = await resolve(id, { outcome: 'Resolved', creditedAmount: 5 });
    expect(early).toEqual({ status: 409, body: { error: 'This dispute is open: only a dispute under review can be resolved or rejected.' } });

    ctx.clock.set('2026-11-26T09:00:00Z');
    const taken = await review(id);
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ status: 'UnderReview', reviewed: { name: 'Taylor Staff', at: '2026-11-26T09:00:00.000Z' }, resolved: null });
    expect(await review(id)).toEqual({ status: 409, body: { error: 'This dispute is under review: only an open dispute can be taken for review.' } });

    const tooMuch = await resolve(id, { outcome: 'Resolved', creditedAmount: 20.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields).toEqual({ creditedAmount: 'The credit cannot be more than the disputed amount (20.00).' });

    ctx.clock.set('2026-11-27T10:00:00Z');
    const done = await resolve(id, { outcome: 'Resolved', creditedAmount: 12.34 });
    ctx.clock.set(NOW);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'Resolved', creditedAmount: 12.34, resolved: { name: 'Taylor Staff', at: '2026-11-27T10:00:00.000Z' } });
    expect(await owingOf(recent.id)).toBe(Math.round(((owing as number) - 12.34) * 100) / 100);

    const db = ctx.database.db;
    const [note] = await db.select().from(creditNotes).where(eq(creditNotes.disputeId, BigInt(String(id))));
    expect(note).toMatchObject({ amount: '12.34', invoiceId: recent.id, accountId: own.id, createdByUserId: staffUser.id });
    const actions = await db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(auditLog.id);
    expect(actions).toEqual([
      { action: 'dispute.opened', actor: customerUser.id },
      { action: 'dispute.reviewed', actor: staffUser.id },
      { action: 'dispute.resolved', actor: staffUser.id },
    ]);
    const statuses = await db.execute<{ status: string }>(
      sql`select data->>'status' as status from notifications where kind = 'dispute_status_changed' and data->>'disputeId' = ${String(id)} order by id`,
    );
    expect(statuses.rows.map((r) => r.status)).toEqual(['Open', 'UnderReview', 'Resolved']);
    const [resolvedNote] = await db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.kind, 'dispute_status_changed'), sql`${notifications.id} = (select max(id) from notifications where data->>'disputeId' = ${String(id)})`));
    expect(resolvedNote!.message).toContain(`invoice ${recent.invoiceNumber}`);
    // It says what was credited (the credit note: this invoice has no taxes to follow the credit).
    expect(resolvedNote!.message).toContain('is resolved: a credit of $12.34 was applied');

    expect(await resolve(id, { outcome: 'Rejected', rejectionReason: 'Late' })).toEqual({
      status: 409,
      body: { error: 'This dispute is resolved: only a dispute under review can be resolved or rejected.' },
    });
    expect((await review(id)).status).toBe(409);
  });

  it('lowers the balance on the home model by the credit', async () => {
    const balance = async () => ((await call(customerUser, 'GET', `/b/v1/Billing/GetClientHomeModel/${own.id}`)).body.balances as { amount: number }[])[0]!.amount;
    const before = await balance();
    const id = await openOne(ids.plan, 3);
    await review(id);
    expect((await resolve(id, { outcome: 'Resolved', creditedAmount: 3 })).status).toBe(200);
    expect(await balance()).toBe(Math.round(((before as number) + 3) * 100) / 100);
  });

  it('never credits below zero: not more than the invoice still has open', async () => {
    const db = ctx.database.db;
    const invoice = await createInvoice(db, own.id, { amount: '10.00', postedDate: new Date('2026-11-20T00:00:00Z') });
    const [line] = await db.select({ id: charges.id }).from(charges).where(eq(charges.invoiceId, invoice.id));
    await createPayment(db, own.id, { assignments: [{ receivableId: invoice.arId!, amount: '8.00' }] });
    const id = await openOne(line!.id, 5);
    await review(id);
    const res = await resolve(id, { outcome: 'Resolved', creditedAmount: 2.01 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The invoice owes only 2.00: the credit cannot take it below zero.');
    expect(await db.select().from(creditNotes).where(eq(creditNotes.disputeId, BigInt(String(id))))).toEqual([]);
    expect((await resolve(id, { outcome: 'Resolved', creditedAmount: 2 })).status).toBe(200);
    expect(await owingOf(invoice.id)).toBe(0);
  });

  it('rejects with a reason the customer sees; a rejection needs one', async () => {
    const id = await openOne(ids.plan, 2);
    await review(id);
    const empty = await resolve(id, { outcome: 'Rejected', rejectionReason: '   ' });
    expect(empty.status).toBe(400);
    const rejected = await resolve(id, { outcome: 'Rejected', rejectionReason: 'The plan price is in your contract.' });
    expect(rejected.body).toMatchObject({ status: 'Rejected', rejectionReason: 'The plan price is in your contract.', creditedAmount: null });
    const seen = await list(filter(`Id==${String(id)}`));
    expect(seen.body.value).toEqual([expect.objectContaining({ status: 'Rejected', rejectionReason: 'The plan price is in your contract.' })]);
    const [row] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'dispute.rejected'), eq(auditLog.entityId, String(id))));
    expect(row).toMatchObject({ actorUserId: staffUser.id, accountId: own.id });
  });

  it('frees the line’s amount when a dispute of it is rejected', async () => {
    const db = ctx.database.db;
    const invoice = await createInvoice(db, own.id, { amount: '6.00', postedDate: new Date('2026-11-20T00:00:00Z') });
    const [line] = await db.select({ id: charges.id }).from(charges).where(eq(charges.invoiceId, invoice.id));
    const id = await openOne(line!.id, 6);
    expect((await dispute({ chargeId: line!.id, reason: 'Other', amount: 0.01 })).status).toBe(400);
    await review(id);
    await resolve(id, { outcome: 'Rejected', rejectionReason: 'Billed as agreed.' });
    expect((await dispute({ chargeId: line!.id, reason: 'Other', amount: 6 })).status).toBe(200);
  });

  it('answers 404 for an unknown dispute', async () => {
    expect(await review(987654321)).toEqual({ status: 404, body: { error: 'The dispute was not found.' } });
    expect((await resolve(987654321, { outcome: 'Rejected', rejectionReason: 'x' })).status).toBe(404);
  });
});
