import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createTestClock, type TestContext } from '../../../../test/app';
import { appDeps, createCustomer } from '../../../../test/billing';
import { createInvoice, createPaymentMethod } from '../../../../test/factories';
import { autopayRuns, autopaySchedules, notifications, paymentAssignments, payments } from '../../../db/schema';
import { settleDueSandboxPayments } from '../../payments';
import { runDueAutopay } from './runner';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2025-06-10T12:00:00Z') });
});
afterAll(() => ctx.close());

/** An account with automatic payments on: invoices of 100.00 due June 5 and 50.00 due June 25. */
const autopayAccount = async (
  schedule: { frequency: 'dueDate' | 'monthly'; amountType: 'full' | 'fixed'; fixedAmount?: string },
  card: { declinesCharges?: boolean; expYear?: number } = {},
  autopayOn = true,
) => {
  const { account } = await createCustomer(ctx, { paymentMethod: autopayOn ? 'Credit Card' : 'Credit Card (Manual)' });
  const db = ctx.database.db;
  const june5 = await createInvoice(db, account.id, { dueDate: '2025-06-05', amount: '100.00' });
  const june25 = await createInvoice(db, account.id, { dueDate: '2025-06-25', amount: '50.00' });
  const method = await createPaymentMethod(db, account.id, { isDefault: true, ...card });
  await db.insert(autopaySchedules).values({ accountId: account.id, paymentMethodId: method.id, fixedAmount: null, ...schedule });
  return { account, june5, june25, method };
};

const paymentsOf = (accountId: bigint) => ctx.database.db.select().from(payments).where(eq(payments.accountId, accountId)).orderBy(payments.id);
const runsOf = (accountId: bigint) => ctx.database.db.select().from(autopayRuns).where(eq(autopayRuns.accountId, accountId)).orderBy(autopayRuns.id);
const run = (iso: string) => runDueAutopay(appDeps(ctx), new Date(iso));

describe('automatic payments job', () => {
  it('charges each bill once its due date has come, once per invoice, even when run again', async () => {
    const a = await autopayAccount({ frequency: 'dueDate', amountType: 'full' });
    await run('2025-06-04T12:00:00Z');
    expect(await paymentsOf(a.account.id)).toEqual([]);

    await run('2025-06-05T00:10:00Z');
    await run('2025-06-05T00:40:00Z');
    const [payment, ...others] = await paymentsOf(a.account.id);
    expect(others).toEqual([]);
    // The June 25 bill is not due yet: it is not paid early.
    expect(payment).toMatchObject({ amount: '100.00', status: 'InProgress', type: 'Credit Card', description: 'Automatic payment', cardLast4: '4242', idempotencyKey: `autopay:due:${a.june5.arId}` });
    const assigned = await ctx.database.db.select().from(paymentAssignments).where(eq(paymentAssignments.paymentId, payment!.id)).orderBy(paymentAssignments.id);
    expect(assigned.map((x) => [x.receivableId, x.amount])).toEqual([[a.june5.arId, '100.00']]);
    expect((await runsOf(a.account.id)).map((r) => [r.period, r.outcome, r.paymentId])).toEqual([[`due:${a.june5.arId}`, 'charged', payment!.id]]);

    await run('2025-06-25T08:00:00Z');
    await run('2025-06-25T09:00:00Z');
    const later = await paymentsOf(a.account.id);
    expect(later.map((p) => [p.amount, p.idempotencyKey])).toEqual([
      ['100.00', `autopay:due:${a.june5.arId}`],
      ['50.00', `autopay:due:${a.june25.arId}`],
    ]);
  });

  it('leaves out what was overdue when the schedule was saved without it, and charges the bills due from that day', async () => {
    const a = await autopayAccount({ frequency: 'dueDate', amountType: 'full' });
    await ctx.database.db.update(autopaySchedules).set({ chargeFrom: '2025-06-10' }).where(eq(autopaySchedules.accountId, a.account.id));
    await run('2025-06-10T12:00:00Z');
    expect(await paymentsOf(a.account.id)).toEqual([]);
    await run('2025-06-25T08:00:00Z');
    expect((await paymentsOf(a.account.id)).map((p) => p.amount)).toEqual(['50.00']);
  });

  it('two runs at once (two instances) charge once', async () => {
    const a = await autopayAccount({ frequency: 'dueDate', amountType: 'full' });
    const summaries = await Promise.all([run('2025-06-06T00:00:00Z'), run('2025-06-06T00:00:00Z')]);
    expect(await paymentsOf(a.account.id)).toHaveLength(1);
    expect(summaries.reduce((n, s) => n + s.charged, 0)).toBeGreaterThanOrEqual(1);
    expect(await runsOf(a.account.id)).toHaveLength(1);
  });

  it('monthly: on or after the 15th, once a month; nothing due is recorded without a payment', async () => {
    const a = await autopayAccount({ frequency: 'monthly', amountType: 'fixed', fixedAmount: '120.00' });
    await run('2025-06-14T23:59:00Z');
    expect(await paymentsOf(a.account.id)).toEqual([]);
    await run('2025-06-15T00:01:00Z');
    await run('2025-06-20T00:01:00Z');
    const list = await paymentsOf(a.account.id);
    expect(list.map((p) => p.amount)).toEqual(['120.00']);
    await settleDueSandboxPayments(appDeps(ctx), new Date('2025-06-20T00:02:00Z'), 0);

    // July: a fixed 120.00 but only 30.00 is still owing, so 30.00.
    await run('2025-07-16T00:00:00Z');
    expect((await paymentsOf(a.account.id)).map((p) => p.amount)).toEqual(['120.00', '30.00']);
    await settleDueSandboxPayments(appDeps(ctx), new Date('2025-07-16T00:01:00Z'), 0);

    await run('2025-08-15T00:00:00Z');
    expect(await paymentsOf(a.account.id)).toHaveLength(2);
    expect((await runsOf(a.account.id)).map((r) => [r.period, r.outcome])).toEqual([
      ['2025-06', 'charged'],
      ['2025-07', 'charged'],
      ['2025-08', 'nothing_due'],
    ]);
  });

  it('dates a payment when the run writes it, so its charge lease has not run out in a long run', async () => {
    const a = await autopayAccount({ frequency: 'dueDate', amountType: 'full' });
    // Each reading of the clock a minute after the last: a run that takes minutes.
    let at = Date.parse('2025-06-05T02:00:00Z');
    await runDueAutopay({ ...appDeps(ctx), clock: { now: () => new Date((at += 60_000)) } }, new Date('2025-06-05T02:00:00Z'));
    const [payment] = await paymentsOf(a.account.id);
    expect(payment!.createdAt.getTime() - Date.parse('2025-06-05T02:00:00Z')).toBeGreaterThanOrEqual(60_000);
    expect(payment!.chargeLeaseUntil!.getTime()).toBeGreaterThan(payment!.createdAt.getTime());
  });

  it('a declined charge ends in Error with a notification, and is not retried that period', async () => {
    const a = await autopayAccount({ frequency: 'dueDate', amountType: 'full' }, { declinesCharges: true });
    await run('2025-06-05T01:00:00Z');
    await settleDueSandboxPayments(appDeps(ctx), new Date('2025-06-05T01:00:05Z'), 2000);
    const [payment] = await paymentsOf(a.account.id);
    expect(payment).toMatchObject({ status: 'Error', failureReason: 'card_declined', failureMessage: 'Your card was declined.' });
    expect((await runsOf(a.account.id)).map((r) => [r.outcome, r.message])).toEqual([['failed', 'Your card was declined.']]);
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.accountId, a.account.id));
    expect(notes.map((n) => [n.kind, n.message, (n.data as { automatic: boolean }).automatic])).toEqual([
      ['payment_failed', 'Automatic payment of $100.00 failed: Your card was declined.', true],
    ]);
    await run('2025-06-06T01:00:00Z');
    expect(await paymentsOf(a.account.id)).toHaveLength(1);
  });

  it('an expired card fails the run with a notification and no payment', async () => {
    const a = await autopayAccount({ frequency: 'dueDate', amountType: 'full' }, { expYear: 2024 });
    await run('2025-06-05T01:00:00Z');
    expect(await paymentsOf(a.account.id)).toEqual([]);
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.accountId, a.account.id));
    expect(notes.map((n) => n.message)).toEqual(['Automatic payment of $100.00 failed: the card ending 4242 expired (12/24).']);
  });

  it('does nothing while automatic payments are off', async () => {
    const a = await autopayAccount({ frequency: 'dueDate', amountType: 'full' }, {}, false);
    const b = await autopayAccount({ frequency: 'monthly', amountType: 'full' }, {}, false);
    await run('2025-06-20T00:00:00Z');
    expect(await paymentsOf(a.account.id)).toEqual([]);
    expect(await paymentsOf(b.account.id)).toEqual([]);
    expect(await runsOf(a.account.id)).toEqual([]);
  });
});
