import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createCustomer } from '../../../test/billing';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { auditLog } from '../../db/schema';
import { insertNotification } from './repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2025-06-10T12:00:00Z') });
});
afterAll(() => ctx.close());

const seed = async (accountId: bigint, messages: string[]) => {
  const rows = [];
  for (const [i, message] of messages.entries()) {
    rows.push(await insertNotification(ctx.database.db, { accountId, kind: 'autopay_failed', message, createdAt: new Date(Date.UTC(2025, 5, 1 + i)) }));
  }
  return rows;
};

describe('notifications', () => {
  it('lists uncleared notifications newest first, paged, with a count when asked', async () => {
    const { account, headers } = await createCustomer(ctx);
    await seed(account.id, ['first', 'second', 'third']);
    const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/Notification/items?accountId=${account.id}&skip=0&take=2&count=true`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.value.map((n: { message: string }) => n.message)).toEqual(['third', 'second']);
    expect(body.value[0]).toEqual({ id: expect.any(Number), accountId: Number(account.id), kind: 'autopay_failed', message: 'third', data: null, createdAt: '2025-06-03T00:00:00.000Z' });
    const plain = await ctx.app.inject({ method: 'GET', url: `/b/v1/Notification/items?accountId=${account.id}`, headers });
    expect(plain.json().count).toBeUndefined();
  });

  it('clears one, then all, and records both in the audit log', async () => {
    const { account, headers } = await createCustomer(ctx);
    const [first] = await seed(account.id, ['a', 'b', 'c']);
    const clear = await ctx.app.inject({ method: 'POST', url: `/b/v1/Notification/clear?notificationId=${first!.id}`, headers });
    expect(clear.statusCode).toBe(200);
    expect(clear.json()).toBe(true);
    const list = async () => (await ctx.app.inject({ method: 'GET', url: `/b/v1/Notification/items?accountId=${account.id}&count=true`, headers })).json();
    expect((await list()).count).toBe(2);
    const all = await ctx.app.inject({ method: 'POST', url: `/b/v1/Notification/clearall?accountId=${account.id}`, headers });
    expect(all.json()).toBe(true);
    expect(await list()).toEqual({ value: [], count: 0 });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['notification.cleared', 'notification.cleared_all']);
  });

  it("answers 404 for another account's notification or account, and clears nothing of theirs", async () => {
    const mine = await createCustomer(ctx);
    const theirs = await createCustomer(ctx);
    const [note] = await seed(theirs.account.id, ['private']);
    const clear = await ctx.app.inject({ method: 'POST', url: `/b/v1/Notification/clear?notificationId=${note!.id}`, headers: mine.headers });
    expect(clear.statusCode).toBe(404);
    expect(clear.json()).toEqual({ error: 'The notification was not found.' });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/b/v1/Notification/clear?notificationId=987654321', headers: mine.headers });
    expect(unknown.json()).toEqual(clear.json());
    const clearAll = await ctx.app.inject({ method: 'POST', url: `/b/v1/Notification/clearall?accountId=${theirs.account.id}`, headers: mine.headers });
    expect(clearAll.statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: `/b/v1/Notification/items?accountId=${theirs.account.id}`, headers: mine.headers });
    expect(list.statusCode).toBe(404);
    const theirList = await ctx.app.inject({ method: 'GET', url: `/b/v1/Notification/items?accountId=${theirs.account.id}&count=true`, headers: theirs.headers });
    expect(theirList.json().count).toBe(1);
  });

  it('validates the query', async () => {
    const { headers } = await createCustomer(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/b/v1/Notification/items?take=5', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('querystring.accountId');
  });
});

describe('email preferences', () => {
  const allOn = { invoice_posted: true, payment_succeeded: true, payment_failed: true, autopay_scheduled: true, card_expiring: true, dispute_status_changed: true };
  const get = async (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/b/v1/Notification/preferences', headers });
  const put = async (headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/b/v1/Notification/preferences', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('are all on until the person chooses, then keep their choice and record it in the audit log', async () => {
    const { user, headers } = await createCustomer(ctx);
    expect((await get(headers)).json()).toEqual(allOn);
    const saved = await put(headers, { ...allOn, payment_succeeded: false, card_expiring: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...allOn, payment_succeeded: false, card_expiring: false });
    expect((await get(headers)).json()).toEqual({ ...allOn, payment_succeeded: false, card_expiring: false });
    await put(headers, { ...allOn, card_expiring: false });
    expect((await get(headers)).json()).toEqual({ ...allOn, card_expiring: false });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(user.id)));
    expect(audit.filter((a) => a.action === 'notification.preferences_changed').map((a) => a.details)).toEqual([
      { email: { payment_succeeded: false, card_expiring: false } },
      { email: { payment_succeeded: true } },
    ]);
  });

  it('are each person’s own', async () => {
    const { account, headers } = await createCustomer(ctx);
    const other = await createUser(ctx.database.db, { accountIds: [account.id] });
    await put(headers, { ...allOn, invoice_posted: false });
    const otherHeaders = bearer(await tokenFor(ctx.database.db, other, { now: ctx.clock.now(), issuer: ctx.app.config.AUTH_ISSUER }));
    expect((await get(otherHeaders)).json()).toEqual(allOn);
  });

  it.each([
    ['an event missing', { ...allOn, invoice_posted: undefined }, 'invoice_posted'],
    ['an unknown event', { ...allOn, newsletter: true }, 'newsletter'],
    ['a value that is not true or false', { ...allOn, payment_failed: 'yes' }, 'payment_failed must be true or false'],
  ])('refuse %s with a clear message and save nothing', async (_name, payload, message) => {
    const { headers } = await createCustomer(ctx);
    const res = await put(headers, { ...payload, payment_succeeded: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await get(headers)).json()).toEqual(allOn);
  });
});
