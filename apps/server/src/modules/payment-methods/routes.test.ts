import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, PAYMENT_MESSAGES } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer } from '../../../test/billing';
import { createPaymentMethod } from '../../../test/factories';
import { accounts, auditLog, autopaySchedules, paymentMethods, sandboxVault } from '../../db/schema';
import { successorDefault } from './service';

const NOW = '2025-06-10T12:00:00Z';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(NOW));

const at = (iso: string) => new Date(iso);

/** Cards added in order: an old Visa (default), an expired Mastercard, a newer Amex. */
const setup = async () => {
  const customer = await createCustomer(ctx);
  const db = ctx.database.db;
  const visa = await createPaymentMethod(db, customer.account.id, { isDefault: true, expMonth: 3, expYear: 2027 });
  const expired = await createPaymentMethod(db, customer.account.id, { brand: 'Mastercard', last4: '4444', expMonth: 4, expYear: 2025 });
  const amex = await createPaymentMethod(db, customer.account.id, { brand: 'American Express', last4: '0005', expMonth: 11, expYear: 2030 });
  await db.update(paymentMethods).set({ createdAt: at('2025-01-01T00:00:00Z') }).where(eq(paymentMethods.id, visa.id));
  await db.update(paymentMethods).set({ createdAt: at('2025-02-01T00:00:00Z') }).where(eq(paymentMethods.id, amex.id));
  await db.update(paymentMethods).set({ createdAt: at('2025-03-01T00:00:00Z') }).where(eq(paymentMethods.id, expired.id));
  return { ...customer, visa, expired, amex };
};

const list = async (accountId: bigint, headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/PaymentMethod/methods/${accountId}`, headers });
  return res.json().value as { paymentMethod: { id: number; default: boolean }; card: { last4: string; expiry: string } }[];
};

const defaults = async (accountId: bigint) =>
  (await ctx.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, accountId))).filter((m) => m.isDefault).map((m) => m.id);

describe('GET /b/v1/PaymentMethod/methods/{accountId}', () => {
  it('lists the default first, then the newest, with MM/YY expiry', async () => {
    const s = await setup();
    const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/PaymentMethod/methods/${s.account.id}`, headers: s.headers });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.map((e: { card: { last4: string } }) => e.card.last4)).toEqual(['4242', '4444', '0005']);
    expect(value[0]).toEqual({
      paymentMethod: { id: Number(s.visa.id), default: true, lastChargeFailed: false, type: 'card' },
      card: { id: s.visa.providerRef, brand: 'Visa', last4: '4242', expiry: '03/27', expMonth: 3, expYear: 2027 },
      bankAccount: null,
    });
  });

  it("answers 404 for another account's cards", async () => {
    const s = await setup();
    const other = await createCustomer(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/PaymentMethod/methods/${s.account.id}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'The account was not found.' });
  });
});

describe('POST /b/v1/PaymentMethod/defaultmethod/{paymentMethodId}', () => {
  const makeDefault = (id: bigint, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/b/v1/PaymentMethod/defaultmethod/${id}`, headers });

  it('moves the default: exactly one per account', async () => {
    const s = await setup();
    const res = await makeDefault(s.amex.id, s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect(await defaults(s.account.id)).toEqual([s.amex.id]);
    expect((await list(s.account.id, s.headers))[0]!.paymentMethod).toEqual({ id: Number(s.amex.id), default: true, lastChargeFailed: false, type: 'card' });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, s.account.id));
    expect(audit.map((a) => [a.action, a.entityId])).toEqual([['payment_method.default_set', String(s.amex.id)]]);
  });

  it('refuses an expired card', async () => {
    const s = await setup();
    const res = await makeDefault(s.expired.id, s.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PAYMENT_MESSAGES.expiredCannotBeDefault });
    expect(await defaults(s.account.id)).toEqual([s.visa.id]);
  });

  it("answers 404 for another account's card and changes nothing", async () => {
    const s = await setup();
    const other = await createCustomer(ctx);
    const res = await makeDefault(s.amex.id, other.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'The payment method was not found.' });
    expect((await makeDefault(98765432n, other.headers)).json()).toEqual(res.json());
    expect(await defaults(s.account.id)).toEqual([s.visa.id]);
  });
});

describe('DELETE /b/v1/PaymentMethod/methods/{paymentMethodId}', () => {
  const remove = (id: bigint, headers: Record<string, string>) => ctx.app.inject({ method: 'DELETE', url: `/b/v1/PaymentMethod/methods/${id}`, headers });

  it('refuses to delete the last card with the spec message', async () => {
    const customer = await createCustomer(ctx);
    const only = await createPaymentMethod(ctx.database.db, customer.account.id, { isDefault: true });
    const res = await remove(only.id, customer.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.lastCard });
    expect(await defaults(customer.account.id)).toEqual([only.id]);
  });

  it('deleting the default promotes the newest card that has not expired, and the provider forgets the card', async () => {
    const s = await setup();
    const res = await remove(s.visa.id, s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect(await defaults(s.account.id)).toEqual([s.amex.id]);
    expect((await list(s.account.id, s.headers)).map((e) => e.card.last4)).toEqual(['0005', '4444']);
    expect(await ctx.database.db.select().from(sandboxVault).where(eq(sandboxVault.ref, s.visa.providerRef))).toEqual([]);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, s.account.id));
    expect(audit.map((a) => a.action)).toEqual(['payment_method.deleted']);
    expect(audit[0]!.details).toMatchObject({ promotedDefaultId: String(s.amex.id), last4: '4242' });
  });

  it('deleting a card that is not the default leaves the default alone', async () => {
    const s = await setup();
    expect((await remove(s.expired.id, s.headers)).statusCode).toBe(200);
    expect(await defaults(s.account.id)).toEqual([s.visa.id]);
  });

  it('keeps the card paying active automatic payments; with autopay off the schedule goes with it', async () => {
    const s = await setup();
    const db = ctx.database.db;
    await db.insert(autopaySchedules).values({ accountId: s.account.id, paymentMethodId: s.amex.id, frequency: 'monthly', amountType: 'full' });
    await db.update(accounts).set({ paymentMethod: 'Credit Card' }).where(eq(accounts.id, s.account.id));
    const refused = await remove(s.amex.id, s.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: PAYMENT_MESSAGES.cardPaysAutopay });

    await db.update(accounts).set({ paymentMethod: 'Credit Card (Manual)' }).where(eq(accounts.id, s.account.id));
    expect((await remove(s.amex.id, s.headers)).statusCode).toBe(200);
    expect(await db.select().from(autopaySchedules).where(eq(autopaySchedules.accountId, s.account.id))).toEqual([]);
  });

  it("answers 404 for another account's card and deletes nothing", async () => {
    const s = await setup();
    const other = await createCustomer(ctx);
    const res = await remove(s.amex.id, other.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'The payment method was not found.' });
    expect(await list(s.account.id, s.headers)).toHaveLength(3);
  });
});

describe('successorDefault', () => {
  const card = (id: number, created: string, expYear: number) =>
    ({ id: BigInt(id), createdAt: new Date(created), expMonth: 12, expYear }) as Parameters<typeof successorDefault>[0][number];
  const now = new Date(NOW);
  it.each([
    ['the newest valid card', [card(1, '2025-01-01', 2030), card(2, '2025-03-01', 2030)], 2n],
    ['skips a newer expired card', [card(1, '2025-01-01', 2030), card(2, '2025-03-01', 2024)], 1n],
    ['same time: the higher id', [card(1, '2025-01-01', 2030), card(2, '2025-01-01', 2030)], 2n],
    ['none when all expired', [card(1, '2025-01-01', 2024)], null],
    ['none when no cards remain', [], null],
  ])('%s', (_name, cards, expected) => {
    expect(successorDefault(cards, now)?.id ?? null).toBe(expected);
  });
});
