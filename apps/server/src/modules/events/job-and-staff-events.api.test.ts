/**
 * Events from the real actions that the customer does not take: an automatic payment charged by the job and
 * settled (payment.succeeded, or payment.failed for a declined card, by the job), a card payment Staff make for
 * the customer (by Staff), and a dispute Staff reject (dispute.resolved, Rejected, with the reason).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { EVENT_DATA_SCHEMAS, stringifyJson } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { appDeps, createCustomer, staffHeaders } from '../../../test/billing';
import { createBillingDetails, createInvoice, createPaymentMethod } from '../../../test/factories';
import { autopaySchedules, charges, events } from '../../db/schema';
import { runDueAutopay } from '../accounts';
import { settleDueSandboxPayments } from '../payments';

const NOW = '2026-11-25T12:00:00.000Z';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
});
afterAll(() => ctx.close());

const send = (method: 'POST', url: string, headers: Record<string, string>, body?: unknown) =>
  ctx.app.inject({ method, url, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: stringifyJson(body) }) });

/** The account's events in the feed's order, each one's data checked against its type's schema. */
const eventsOf = async (accountId: bigint) => {
  const rows = await ctx.database.db.select().from(events).where(eq(events.accountId, accountId)).orderBy(asc(events.transactionId), asc(events.seq));
  for (const row of rows) {
    const schema = EVENT_DATA_SCHEMAS[row.type as keyof typeof EVENT_DATA_SCHEMAS];
    expect(schema().safeParse(row.data).success, `${row.type} ${JSON.stringify(row.data)}`).toBe(true);
  }
  return rows.map((row) => ({ type: row.type, actor: { kind: row.actorKind, name: row.actorName }, data: row.data as Record<string, unknown> }));
};

const settle = () => settleDueSandboxPayments(appDeps(ctx), ctx.clock.now(), 0);
// The name the provider sees for the automatic payments job.
const byJob = { kind: 'job', name: 'automatic payments' };

describe('events from the jobs and from Staff', () => {
  it.each([
    { card: { declinesCharges: false }, type: 'payment.succeeded', data: { receiptNumber: expect.stringMatching(/^R-\d{7}$/) } },
    { card: { declinesCharges: true }, type: 'payment.failed', data: { failureReason: 'card_declined', failureMessage: 'Your card was declined.' } },
  ])('an automatic payment charged by the job and settled: $type by the job', async ({ card, type, data }) => {
    const { account } = await createCustomer(ctx, { paymentMethod: 'Credit Card' });
    await createInvoice(ctx.database.db, account.id, { dueDate: '2026-11-20', amount: '100.00' });
    const method = await createPaymentMethod(ctx.database.db, account.id, { isDefault: true, ...card });
    await ctx.database.db.insert(autopaySchedules).values({ accountId: account.id, paymentMethodId: method.id, fixedAmount: null, frequency: 'dueDate', amountType: 'full' });
    await runDueAutopay(appDeps(ctx), ctx.clock.now());
    // Charged, not settled yet: nothing to tell.
    expect(await eventsOf(account.id)).toEqual([]);
    await settle();
    await settle();
    expect(await eventsOf(account.id)).toEqual([
      { type, actor: byJob, data: expect.objectContaining({ amount: '100.00', currency: 'CAD', paymentType: 'Credit Card', ...data }) },
    ]);
  });

  it('a card payment Staff make for the customer: payment.succeeded by Staff', async () => {
    const { account } = await createCustomer(ctx);
    await createBillingDetails(ctx.database.db, account.id);
    await createInvoice(ctx.database.db, account.id, { amount: '25.00', dueDate: '2026-12-21' });
    const card = await createPaymentMethod(ctx.database.db, account.id, { isDefault: true });
    const staff = await staffHeaders(ctx);
    const paid = await send('POST', '/b/v1/Payment/customerpayment?autoAssignPayment', { ...staff, 'idempotency-key': 'staff-pays-1' }, {
      payment: { accountId: account.id.toString(), amount: 25, currency: 'CAD' },
      paymentMethodInfo: { paymentMethodId: String(card.id) },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await settle();
    expect(await eventsOf(account.id)).toEqual([
      { type: 'payment.succeeded', actor: { kind: 'staff', name: expect.any(String) }, data: expect.objectContaining({ paymentId: String(paid.json().payment.id), amount: '25.00' }) },
    ]);
  });

  it('a dispute Staff reject: dispute.resolved, Rejected, with the reason and no credit', async () => {
    const c = await createCustomer(ctx);
    const invoice = await createInvoice(ctx.database.db, c.account.id, { amount: '80.00', startDate: '2026-10-01', endDate: '2026-10-31', dueDate: '2026-11-21', postedDate: new Date('2026-11-01T00:00:00Z') });
    const [line] = await ctx.database.db.select({ id: charges.id }).from(charges).where(eq(charges.invoiceId, invoice.id));
    const opened = await send('POST', '/b/v1/Dispute', c.headers, { chargeId: String(line!.id), reason: 'WrongAmount', details: 'Billed twice.', amount: 12.5 });
    expect(opened.statusCode, opened.body).toBe(200);
    const disputeId = String(opened.json().id);
    const staff = await staffHeaders(ctx);
    expect((await send('POST', `/b/v1/Dispute/${disputeId}/review`, staff)).statusCode).toBe(200);
    expect((await send('POST', `/b/v1/Dispute/${disputeId}/resolve`, staff, { outcome: 'Rejected', rejectionReason: 'The plan price is in your contract.' })).statusCode).toBe(200);
    const [open, rejected, ...rest] = await eventsOf(c.account.id);
    expect(rest).toEqual([]);
    expect(open).toMatchObject({ type: 'dispute.opened', actor: { kind: 'person', name: c.user.name } });
    expect(rejected).toEqual({
      type: 'dispute.resolved',
      actor: { kind: 'staff', name: expect.any(String) },
      data: { disputeId, invoiceId: String(invoice.id), outcome: 'Rejected', creditedAmount: null, creditNoteId: null, rejectionReason: 'The plan price is in your contract.' },
    });
  });
});
