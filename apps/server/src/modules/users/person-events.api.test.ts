/**
 * person.joined and person.removed from an Admin's actions: approving a user awaiting approval, changing an
 * active user's accounts, disabling a user and approving them again. Each tells the accounts the person comes
 * to reach or stops reaching, by the Admin as Staff; a change that changes no account records nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../../test/app';
import { bearer, createAccount, createUser, tokenFor } from '../../../test/factories';
import { events } from '../../db/schema';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.database.db, { roles: ['Admin'], name: 'Ada Admin' });
  adminHeaders = bearer(await tokenFor(ctx.database.db, admin));
});
afterAll(() => ctx.close());

const approve = (userId: bigint, accountIds: bigint[], roles: string[] = []) =>
  ctx.app.inject({ method: 'POST', url: `/a/v1/Users/${userId}/approve`, headers: adminHeaders, payload: { accountIds: accountIds.map(String), roles } });

/** The person events of these accounts in the feed's order, as (type, account, actor, data). */
const personEvents = async (accountIds: bigint[]) =>
  (
    await ctx.database.db
      .select()
      .from(events)
      .where(and(inArray(events.accountId, accountIds), inArray(events.type, ['person.joined', 'person.removed'])))
      .orderBy(asc(events.transactionId), asc(events.seq))
  ).map((e) => ({ type: e.type, accountId: e.accountId, actor: { kind: e.actorKind, name: e.actorName }, data: e.data }));

const byAdmin = { kind: 'staff', name: 'Ada Admin' };

describe('person events from Admin actions', () => {
  it('approving a user awaiting approval: person.joined for each account given, none for an access they never reached', async () => {
    const [a, b, old] = [await createAccount(ctx.database.db), await createAccount(ctx.database.db), await createAccount(ctx.database.db)];
    const user = await createUser(ctx.database.db, { status: 'pending', accountIds: [old.id], name: 'Pat Pending', email: 'pat.pending@example.com' });
    const res = await approve(user.id, [b.id, a.id]);
    expect(res.statusCode, res.body).toBe(200);
    const joined = { email: 'pat.pending@example.com', name: 'Pat Pending', via: 'added' };
    expect(await personEvents([a.id, b.id, old.id])).toEqual([
      { type: 'person.joined', accountId: a.id, actor: byAdmin, data: joined },
      { type: 'person.joined', accountId: b.id, actor: byAdmin, data: joined },
    ]);
  });

  it("changing an active user's accounts: person.joined for each added, person.removed for each removed; the same accounts again record nothing", async () => {
    const [a, b, c] = [await createAccount(ctx.database.db), await createAccount(ctx.database.db), await createAccount(ctx.database.db)];
    const user = await createUser(ctx.database.db, { accountIds: [a.id, b.id], name: 'Kim Known', email: 'kim.known@example.com' });
    expect((await approve(user.id, [b.id, c.id])).statusCode).toBe(200);
    // Roles changed, accounts not: nobody joined or left an account.
    expect((await approve(user.id, [c.id, b.id], ['Staff'])).statusCode).toBe(200);
    expect(await personEvents([a.id, b.id, c.id])).toEqual([
      { type: 'person.joined', accountId: c.id, actor: byAdmin, data: { email: 'kim.known@example.com', name: 'Kim Known', via: 'added' } },
      { type: 'person.removed', accountId: a.id, actor: byAdmin, data: { email: 'kim.known@example.com' } },
    ]);
  });

  it('a refused change records nothing', async () => {
    const a = await createAccount(ctx.database.db);
    const user = await createUser(ctx.database.db, { status: 'pending' });
    expect((await approve(user.id, [a.id, 987_654_321n])).statusCode).toBe(400);
    expect(await personEvents([a.id])).toEqual([]);
  });

  it('disabling a user: person.removed for each account; approving them again: person.joined for those given back', async () => {
    const [a, b] = [await createAccount(ctx.database.db), await createAccount(ctx.database.db)];
    const user = await createUser(ctx.database.db, { accountIds: [a.id, b.id], name: 'Dana Disabled', email: null, username: 'dana.d' });
    expect((await ctx.app.inject({ method: 'POST', url: `/a/v1/Users/${user.id}/disable`, headers: adminHeaders })).statusCode).toBe(200);
    // Disabled again: they reached nothing already.
    expect((await ctx.app.inject({ method: 'POST', url: `/a/v1/Users/${user.id}/disable`, headers: adminHeaders })).statusCode).toBe(200);
    expect((await approve(user.id, [a.id])).statusCode).toBe(200);
    // Without an email the person is named by their username, as invitations do.
    expect(await personEvents([a.id, b.id])).toEqual([
      { type: 'person.removed', accountId: a.id, actor: byAdmin, data: { email: 'dana.d' } },
      { type: 'person.removed', accountId: b.id, actor: byAdmin, data: { email: 'dana.d' } },
      { type: 'person.joined', accountId: a.id, actor: byAdmin, data: { email: 'dana.d', name: 'Dana Disabled', via: 'added' } },
    ]);
    const [row] = await ctx.database.db.select({ accountExternalId: events.accountExternalId }).from(events).where(eq(events.accountId, a.id)).limit(1);
    expect(row).toEqual({ accountExternalId: a.externalId ?? null });
  });
});
