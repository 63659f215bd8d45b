import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { TEST_PASSWORD, bearer, createAccount, createUser, tokenFor } from '../../../test/factories';
import { auditEntries, authCalls, verifySessionToken } from '../../../test/auth';
import { authTokens, userAccounts, userTotp } from '../../db/schema';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.database.db, { roles: ['Admin'], username: 'the.admin' });
  adminHeaders = bearer(await tokenFor(ctx.database.db, admin));
});
afterAll(() => ctx.close());

const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('who may manage users', () => {
  const routes = (id: bigint) => [
    { method: 'GET' as const, url: '/a/v1/Users?status=pending' },
    { method: 'POST' as const, url: `/a/v1/Users/${id}/approve`, payload: { accountIds: [], roles: [] } },
    { method: 'POST' as const, url: `/a/v1/Users/${id}/disable` },
    { method: 'POST' as const, url: `/a/v1/Users/${id}/one-time-login` },
    { method: 'POST' as const, url: `/a/v1/Users/${id}/lift-lockout`, payload: { sendResetLink: false } },
  ];

  it('answers 401 without a session', async () => {
    const target = await createUser(ctx.database.db, { status: 'pending' });
    for (const route of routes(target.id)) {
      const res = await ctx.app.inject(route);
      expect(res.statusCode, route.url).toBe(401);
      expect(res.json()).toEqual({ error: 'Please log in to continue.' });
    }
  });

  it('answers 403 to customers and Staff, and changes nothing', async () => {
    const target = await createUser(ctx.database.db, { status: 'pending' });
    for (const roles of [[], ['Staff']]) {
      const caller = await createUser(ctx.database.db, { roles });
      const headers = bearer(await tokenFor(ctx.database.db, caller));
      for (const route of routes(target.id)) {
        const res = await ctx.app.inject({ ...route, headers });
        expect(res.statusCode, `${roles} ${route.url}`).toBe(403);
        expect(res.json()).toEqual({ error: 'Only administrators can manage users.' });
      }
    }
    const [pending] = (await ctx.app.inject({ method: 'GET', url: '/a/v1/Users?status=pending', headers: adminHeaders }))
      .json()
      .filter((u: { id: number }) => BigInt(u.id) === target.id);
    expect(pending.status).toBe('pending');
  });
});

describe('GET /a/v1/Users', () => {
  it('lists the users of a status, by name, without secrets', async () => {
    const first = await createUser(ctx.database.db, { status: 'pending', name: 'First Pending' });
    const second = await createUser(ctx.database.db, { status: 'pending', name: 'Second Pending' });
    const res = await ctx.app.inject({ method: 'GET', url: '/a/v1/Users?status=pending', headers: adminHeaders });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; status: string }[];
    expect(list.every((u) => u.status === 'pending')).toBe(true);
    const ids = list.map((u) => BigInt(u.id));
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(list.find((u) => BigInt(u.id) === first.id)).toEqual({
      id: Number(first.id),
      username: first.username,
      email: first.email,
      name: 'First Pending',
      status: 'pending',
      roles: [],
      accounts: [],
      twoFactorEnabled: false,
      createdAt: first.createdAt.toISOString(),
      lockedOutUntil: null,
    });
    expect(res.body).not.toContain('argon2');
  });

  it('lists every status, those awaiting approval first, with their accounts and two-factor state', async () => {
    const account = await createAccount(ctx.database.db);
    const active = await createUser(ctx.database.db, { name: 'Aaron Everyone', accountIds: [account.id] });
    await ctx.database.db.insert(userTotp).values({ userId: active.id, secret: { sealed: 'test' }, enabledAt: new Date() });
    const disabled = await createUser(ctx.database.db, { name: 'Aaron Gone', status: 'disabled' });
    const pending = await createUser(ctx.database.db, { name: 'Zed Waiting', status: 'pending' });
    const list = (await ctx.app.inject({ method: 'GET', url: '/a/v1/Users', headers: adminHeaders })).json() as {
      id: number;
      status: string;
      accounts: unknown[];
      twoFactorEnabled: boolean;
    }[];
    const statuses = list.map((u) => u.status);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.findIndex((s) => s !== 'pending'));
    const ids = list.map((u) => BigInt(u.id));
    expect(ids).toEqual(expect.arrayContaining([active.id, disabled.id, pending.id]));
    expect(ids.indexOf(active.id)).toBeLessThan(ids.indexOf(disabled.id));
    expect(list.find((u) => BigInt(u.id) === active.id)).toMatchObject({
      status: 'active',
      accounts: [{ accountId: Number(account.id), listName: `${account.name} (${account.customerNo})` }],
      twoFactorEnabled: true,
    });
    expect(list.find((u) => BigInt(u.id) === disabled.id)).toMatchObject({ status: 'disabled', twoFactorEnabled: false });
  });

  it('searches names, usernames and emails, any case, wildcards taken literally', async () => {
    const byName = await createUser(ctx.database.db, { name: 'Quentin Searchable' });
    const byEmail = await createUser(ctx.database.db, { email: 'Q.Findme@Example.com' });
    const percent = await createUser(ctx.database.db, { username: 'fifty%off' });
    const find = async (search: string, status = '') =>
      (
        (await ctx.app.inject({ method: 'GET', url: `/a/v1/Users?search=${encodeURIComponent(search)}${status}`, headers: adminHeaders })).json() as {
          id: number;
        }[]
      ).map((u) => BigInt(u.id));
    expect(await find('quentin search')).toEqual([byName.id]);
    expect(await find('  findme@example ')).toEqual([byEmail.id]);
    expect(await find('%off')).toEqual([percent.id]);
    expect(await find('quentin', '&status=pending')).toEqual([]);
    const tooLong = await ctx.app.inject({ method: 'GET', url: `/a/v1/Users?search=${'x'.repeat(101)}`, headers: adminHeaders });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers 400 for an unknown status', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/a/v1/Users?status=bogus', headers: adminHeaders });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('querystring.status');
  });
});

describe('POST /a/v1/Users/{id}/approve', () => {
  it('activates the user with exactly these accounts and roles; their next login carries them', async () => {
    const [a, b, old] = [
      await createAccount(ctx.database.db),
      await createAccount(ctx.database.db),
      await createAccount(ctx.database.db),
    ];
    const user = await createUser(ctx.database.db, { status: 'pending', accountIds: [old.id] });
    const res = await post(`/a/v1/Users/${user.id}/approve`, adminHeaders, {
      accountIds: [Number(b.id), String(a.id), Number(b.id)],
      roles: ['Staff'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: Number(user.id),
      status: 'active',
      roles: ['Staff'],
      accounts: [
        { accountId: Number(a.id), listName: `${a.name} (${a.customerNo})` },
        { accountId: Number(b.id), listName: `${b.name} (${b.customerNo})` },
      ],
    });
    const links = await ctx.database.db.select().from(userAccounts).where(eq(userAccounts.userId, user.id));
    expect(links.map((l) => l.accountId).sort()).toEqual([a.id, b.id].sort());

    const login = (await authCalls(ctx.app).login(user.username, TEST_PASSWORD, '10.2.0.1')).json();
    expect(login.successful).toBe(true);
    expect((await verifySessionToken(ctx.app, login.token)).payload).toMatchObject({
      roles: ['Staff'],
      scopes: [`ac:${a.id}`, `ac:${b.id}`],
    });

    const [audit] = await auditEntries(ctx.database.db, 'user.approve', user.id);
    expect(audit!.actorUserId).toBe(admin.id);
    expect(audit!.details).toEqual({
      previousStatus: 'pending',
      previousRoles: [],
      previousAccountIds: [String(old.id)],
      roles: ['Staff'],
      accountIds: [String(a.id), String(b.id)],
    });
  });

  it('answers 400 naming accounts that do not exist, and changes nothing', async () => {
    const account = await createAccount(ctx.database.db);
    const user = await createUser(ctx.database.db, { status: 'pending' });
    const res = await post(`/a/v1/Users/${user.id}/approve`, adminHeaders, {
      accountIds: [Number(account.id), 987654321],
      roles: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'No account has the id 987654321.' });
    const login = (await authCalls(ctx.app).login(user.username, TEST_PASSWORD, '10.2.0.2')).json();
    expect(login.error).toBe(AUTH_MESSAGES.awaitingApproval);
  });

  it('refuses to let an admin remove their own Admin role (409)', async () => {
    const res = await post(`/a/v1/Users/${admin.id}/approve`, adminHeaders, { accountIds: [], roles: ['Staff'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'You cannot remove your own Admin role.' });
  });

  it('answers 400 for an unknown role and 404 for an unknown user', async () => {
    const user = await createUser(ctx.database.db, { status: 'pending' });
    const badRole = await post(`/a/v1/Users/${user.id}/approve`, adminHeaders, { accountIds: [], roles: ['Root'] });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error).toContain('body.roles');
    const unknown = await post('/a/v1/Users/99999999/approve', adminHeaders, { accountIds: [], roles: [] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'The user was not found.' });
  });
});

describe('POST /a/v1/Users/{id}/disable', () => {
  it('stops the user signing in, spends their tokens and records who did it', async () => {
    const user = await createUser(ctx.database.db);
    const otl = (await post(`/a/v1/Users/${user.id}/one-time-login`, adminHeaders)).json();
    const res = await post(`/a/v1/Users/${user.id}/disable`, adminHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: Number(user.id), status: 'disabled' });
    expect((await authCalls(ctx.app).login(user.username, TEST_PASSWORD, '10.2.0.3')).json().error).toBe(
      AUTH_MESSAGES.accountDisabled,
    );
    expect((await authCalls(ctx.app).oneTimeLogin(otl.token, '10.2.0.3')).json().error).toBe(AUTH_MESSAGES.loginLinkInvalid);
    const tokens = await ctx.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(tokens.every((t) => t.usedAt !== null)).toBe(true);
    const [audit] = await auditEntries(ctx.database.db, 'user.disable', user.id);
    expect(audit).toMatchObject({ actorUserId: admin.id, details: { previousStatus: 'active' } });
  });

  it('refuses to let an admin disable themselves (409)', async () => {
    const res = await post(`/a/v1/Users/${admin.id}/disable`, adminHeaders);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'You cannot disable your own account.' });
  });
});

describe('POST /a/v1/Users/{id}/one-time-login', () => {
  it('issues a token for active users only, audited without the token', async () => {
    const user = await createUser(ctx.database.db);
    const res = await post(`/a/v1/Users/${user.id}/one-time-login`, adminHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token } = res.json();
    const [audit] = await auditEntries(ctx.database.db, 'user.one_time_login_issued', user.id);
    expect(audit!.actorUserId).toBe(admin.id);
    expect(JSON.stringify(audit!.details)).not.toContain(token);
    const [row] = await ctx.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(row).toMatchObject({ purpose: 'one_time_login', createdByUserId: admin.id });

    const pending = await createUser(ctx.database.db, { status: 'pending' });
    const refused = await post(`/a/v1/Users/${pending.id}/one-time-login`, adminHeaders);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'Only active users can get a one-time login.' });
  });

  it('retires the previous one-time login of the user', async () => {
    const user = await createUser(ctx.database.db);
    const first = (await post(`/a/v1/Users/${user.id}/one-time-login`, adminHeaders)).json();
    const second = (await post(`/a/v1/Users/${user.id}/one-time-login`, adminHeaders)).json();
    expect((await authCalls(ctx.app).oneTimeLogin(first.token, '10.2.0.4')).json().error).toBe(AUTH_MESSAGES.loginLinkInvalid);
    expect((await authCalls(ctx.app).oneTimeLogin(second.token, '10.2.0.4')).json().successful).toBe(true);
  });
});
