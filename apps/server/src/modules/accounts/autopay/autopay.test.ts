import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../../test/app';
import { createCustomer } from '../../../../test/billing';
import { createInvoice, createPaymentMethod } from '../../../../test/factories';
import { accounts, auditLog, autopaySchedules, paymentMethods } from '../../../db/schema';

const NOW = '2025-06-10T12:00:00Z';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(NOW));

const setup = async () => {
  const customer = await createCustomer(ctx);
  const db = ctx.database.db;
  const visa = await createPaymentMethod(db, customer.account.id, { isDefault: true });
  const amex = await createPaymentMethod(db, customer.account.id, { brand: 'American Express', last4: '0005' });
  const expired = await createPaymentMethod(db, customer.account.id, { brand: 'Mastercard', last4: '4444', expMonth: 1, expYear: 2025 });
  return { ...customer, visa, amex, expired };
};

const schedule = (accountId: bigint, paymentMethodId: bigint, extra: Record<string, unknown> = {}) => ({
  accountId: accountId.toString(),
  paymentMethodId: paymentMethodId.toString(),
  frequency: 'monthly',
  amountType: 'full',
  fixedAmount: null,
  ...extra,
});

const put = (accountId: bigint, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/b/v1/Account/${accountId}/autopay`, headers, payload });
const get = (accountId: bigint, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/b/v1/Account/${accountId}/autopay`, headers });
const toggle = (accountId: bigint, headers: Record<string, string>, paymentMethod: string) =>
  ctx.app.inject({ method: 'POST', url: '/b/v1/Account/update-default-payment-method', headers, payload: { accountId: accountId.toString(), paymentMethod } });

const accountRow = async (id: bigint) => (await ctx.database.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;

describe('automatic payment schedule', () => {
  it('has none at first', async () => {
    const s = await setup();
    const res = await get(s.account.id, s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ schedule: null, nextRunDate: null, preview: { today: '2025-06-10', chargedThisMonth: false, openInvoices: [] } });
  });

  it('saving a schedule makes its card the default and turns automatic payments on, in one audited step', async () => {
    const s = await setup();
    const res = await put(s.account.id, s.headers, schedule(s.account.id, s.amex.id, { amountType: 'fixed', fixedAmount: 100 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      schedule: {
        accountId: Number(s.account.id),
        paymentMethodId: Number(s.amex.id),
        frequency: 'monthly',
        amountType: 'fixed',
        fixedAmount: 100,
        includeOverdue: true,
      },
      nextRunDate: '2025-06-15',
      preview: { today: '2025-06-10', chargedThisMonth: false, openInvoices: [] },
    });
    expect((await accountRow(s.account.id)).paymentMethod).toBe('Credit Card');
    const defaults = (await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, s.account.id))).filter((m) => m.isDefault);
    expect(defaults.map((m) => m.id)).toEqual([s.amex.id]);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, s.account.id));
    expect(audit.map((a) => a.action)).toEqual(['autopay.schedule_saved']);

    const changed = await put(s.account.id, s.headers, schedule(s.account.id, s.visa.id, { frequency: 'dueDate' }));
    expect(changed.json()).toEqual({
      schedule: {
        accountId: Number(s.account.id),
        paymentMethodId: Number(s.visa.id),
        frequency: 'dueDate',
        amountType: 'full',
        fixedAmount: null,
        includeOverdue: true,
      },
      nextRunDate: null,
      preview: { today: '2025-06-10', chargedThisMonth: false, openInvoices: [] },
    });
    await createInvoice(ctx.database.db, s.account.id, { dueDate: '2025-06-25' });
    expect((await get(s.account.id, s.headers)).json().nextRunDate).toBe('2025-06-25');
  });

  it('answers the open invoices the preview is worked out from, and saving without the overdue amount charges from today', async () => {
    const s = await setup();
    const db = ctx.database.db;
    await createInvoice(db, s.account.id, { dueDate: '2025-05-01', amount: '50.00' });
    await createInvoice(db, s.account.id, { dueDate: '2025-06-01', amount: '25.00' });
    await createInvoice(db, s.account.id, { dueDate: '2025-06-20', amount: '40.00' });
    const preview = {
      today: '2025-06-10',
      chargedThisMonth: false,
      openInvoices: [
        { dueDate: '2025-05-01', amount: 50, tried: false },
        { dueDate: '2025-06-01', amount: 25, tried: false },
        { dueDate: '2025-06-20', amount: 40, tried: false },
      ],
    };
    expect((await get(s.account.id, s.headers)).json()).toEqual({ schedule: null, nextRunDate: null, preview });

    const saved = await put(s.account.id, s.headers, schedule(s.account.id, s.visa.id, { frequency: 'dueDate', includeOverdue: false }));
    expect(saved.statusCode).toBe(200);
    // The overdue invoices are left out: the next run is the June 20 bill's.
    expect(saved.json()).toMatchObject({ schedule: { includeOverdue: false }, nextRunDate: '2025-06-20', preview });
    const [row] = await db.select().from(autopaySchedules).where(eq(autopaySchedules.accountId, s.account.id));
    expect(row!.chargeFrom).toBe('2025-06-10');
    const audit = await db.select().from(auditLog).where(eq(auditLog.accountId, s.account.id));
    expect(audit.map((a) => [a.action, (a.details as { chargeFrom: string | null }).chargeFrom])).toEqual([['autopay.schedule_saved', '2025-06-10']]);

    const included = await put(s.account.id, s.headers, schedule(s.account.id, s.visa.id, { frequency: 'dueDate' }));
    expect(included.json()).toMatchObject({ schedule: { includeOverdue: true }, nextRunDate: '2025-06-10' });
  });

  it('refuses an includeOverdue that is not true or false', async () => {
    const s = await setup();
    const res = await put(s.account.id, s.headers, schedule(s.account.id, s.visa.id, { includeOverdue: 'yes' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^body\.includeOverdue: /);
    expect(await ctx.database.db.select().from(autopaySchedules).where(eq(autopaySchedules.accountId, s.account.id))).toEqual([]);
  });

  it.each([
    ['an expired card', (s: Awaited<ReturnType<typeof setup>>) => schedule(s.account.id, s.expired.id), 400, PAYMENT_MESSAGES.cardExpired],
    ['a fixed amount of 0', (s: Awaited<ReturnType<typeof setup>>) => schedule(s.account.id, s.visa.id, { amountType: 'fixed', fixedAmount: 0 }), 400, 'body.fixedAmount: Please enter a valid payment amount.'],
    ['another account in the body', (s: Awaited<ReturnType<typeof setup>>) => schedule(s.account.id + 1000000n, s.visa.id), 400, PAYMENT_MESSAGES.autopayAccountMismatch],
    ['an unknown card', (s: Awaited<ReturnType<typeof setup>>) => schedule(s.account.id, 987654321n), 404, 'The payment method was not found.'],
  ])('refuses %s', async (_name, payload, status, error) => {
    const s = await setup();
    const res = await put(s.account.id, s.headers, payload(s));
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(error);
    expect((await accountRow(s.account.id)).paymentMethod).toBe('Credit Card (Manual)');
  });

  it("answers 404 for another account's card or account", async () => {
    const s = await setup();
    const other = await setup();
    const foreignCard = await put(s.account.id, s.headers, schedule(s.account.id, other.visa.id));
    expect(foreignCard.statusCode).toBe(404);
    expect(foreignCard.json()).toEqual({ error: 'The payment method was not found.' });
    const foreignAccount = await put(other.account.id, s.headers, schedule(other.account.id, other.visa.id));
    expect(foreignAccount.statusCode).toBe(404);
    expect(foreignAccount.json()).toEqual({ error: 'The account was not found.' });
    expect((await get(other.account.id, s.headers)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(autopaySchedules).where(eq(autopaySchedules.accountId, other.account.id))).toEqual([]);
  });
});

describe('POST /b/v1/Account/update-default-payment-method', () => {
  it('refuses to turn automatic payments on without a schedule', async () => {
    const s = await setup();
    const res = await toggle(s.account.id, s.headers, 'Credit Card');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PAYMENT_MESSAGES.autopayNeedsSchedule });
  });

  it('turns off keeping the schedule, and back on', async () => {
    const s = await setup();
    await put(s.account.id, s.headers, schedule(s.account.id, s.visa.id));
    const off = await toggle(s.account.id, s.headers, 'Credit Card (Manual)');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toBe(true);
    expect((await accountRow(s.account.id)).paymentMethod).toBe('Credit Card (Manual)');
    expect((await get(s.account.id, s.headers)).json()).toMatchObject({ schedule: { paymentMethodId: Number(s.visa.id) }, nextRunDate: null });
    expect((await toggle(s.account.id, s.headers, 'Credit Card')).json()).toBe(true);
    expect((await accountRow(s.account.id)).paymentMethod).toBe('Credit Card');
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, s.account.id));
    expect(audit.map((a) => a.action)).toEqual(['autopay.schedule_saved', 'autopay.disabled', 'autopay.enabled']);
  });

  it("refuses to turn on when the schedule's card has expired since", async () => {
    const s = await setup();
    await put(s.account.id, s.headers, schedule(s.account.id, s.visa.id));
    await toggle(s.account.id, s.headers, 'Credit Card (Manual)');
    await ctx.database.db.update(paymentMethods).set({ expMonth: 5, expYear: 2025 }).where(eq(paymentMethods.id, s.visa.id));
    const res = await toggle(s.account.id, s.headers, 'Credit Card');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PAYMENT_MESSAGES.autopayCardExpired });
  });

  it('validates the body and the account', async () => {
    const s = await setup();
    const other = await setup();
    const bad = await toggle(s.account.id, s.headers, 'Cash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('body.paymentMethod');
    const foreign = await toggle(other.account.id, s.headers, 'Credit Card (Manual)');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'The account was not found.' });
  });
});
