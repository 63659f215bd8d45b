/**
 * Server-side sessions: a token works only while its session is live. Logging off, changing or
 * resetting the password, an admin disabling the user or changing their access, idling and the
 * absolute lifetime all end sessions; people list and end their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { authCalls } from '../../../test/auth';
import { bearer, createAccount, createUser, TEST_PASSWORD, tokenFor } from '../../../test/factories';

let ctx: TestContext;
let calls: ReturnType<typeof authCalls>;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2026-02-02T09:00:00Z'), config: { SESSION_IDLE_MINUTES: 30, SESSION_TTL_MINUTES: 720 } });
  calls = authCalls(ctx.app);
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const signIn = async (username: string, userAgent = CHROME_MAC, password = TEST_PASSWORD) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate', headers: { 'user-agent': userAgent }, payload: { username, password } });
  const body = res.json() as { successful: boolean; token: string };
  expect(body.successful).toBe(true);
  return body.token;
};
const status = async (token: string) => (await ctx.app.inject({ url: '/a/v1/Sessions', headers: bearer(token) })).statusCode;
const errorOf = async (token: string) => (await ctx.app.inject({ url: '/a/v1/Sessions', headers: bearer(token) })).json().error as string;

describe('sessions', () => {
  it('end on logout: the token then fails on both services', async () => {
    const account = await createAccount(ctx.database.db);
    const user = await createUser(ctx.database.db, { accountIds: [account.id] });
    const token = await signIn(user.username);
    expect((await ctx.app.inject({ url: `/b/v1/Account/${account.id}`, headers: bearer(token) })).statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate/Logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    const billing = await ctx.app.inject({ url: `/b/v1/Account/${account.id}`, headers: bearer(token) });
    expect(billing.statusCode).toBe(401);
    expect(billing.json()).toEqual({ error: 'Your session has ended. Please log in again.' });
    expect(await status(token)).toBe(401);
  });

  it('a password change ends every other session and keeps the one that changed it', async () => {
    const user = await createUser(ctx.database.db);
    const [here, elsewhere] = [await signIn(user.username), await signIn(user.username, SAFARI_IPHONE)];
    const res = await calls.changePassword(here, TEST_PASSWORD, 'Another-Secret-93!');
    expect(res.json()).toEqual({ successful: true, error: null });
    expect(await status(here)).toBe(200);
    expect(await status(elsewhere)).toBe(401);
  });

  it('an admin disabling a user, or changing their access, ends all their sessions', async () => {
    const admin = await createUser(ctx.database.db, { roles: ['Admin'] });
    const adminHeaders = bearer(await tokenFor(ctx.database.db, admin, { now: ctx.clock.now() }));
    const account = await createAccount(ctx.database.db);
    const changed = await createUser(ctx.database.db, { accountIds: [account.id] });
    const changedToken = await signIn(changed.username);
    const approve = await ctx.app.inject({ method: 'POST', url: `/a/v1/Users/${changed.id}/approve`, headers: adminHeaders, payload: { accountIds: [], roles: [] } });
    expect(approve.statusCode).toBe(200);
    expect(await status(changedToken)).toBe(401);
    const fresh = await signIn(changed.username);
    // The same access again changes nothing, and ends nothing.
    await ctx.app.inject({ method: 'POST', url: `/a/v1/Users/${changed.id}/approve`, headers: adminHeaders, payload: { accountIds: [], roles: [] } });
    expect(await status(fresh)).toBe(200);

    const disabled = await createUser(ctx.database.db);
    const disabledToken = await signIn(disabled.username);
    expect((await ctx.app.inject({ method: 'POST', url: `/a/v1/Users/${disabled.id}/disable`, headers: adminHeaders })).statusCode).toBe(200);
    expect(await status(disabledToken)).toBe(401);
  });

  it('end after the idle time without requests, and not while in use', async () => {
    const user = await createUser(ctx.database.db);
    const token = await signIn(user.username);
    for (let i = 0; i < 4; i += 1) {
      ctx.clock.advance(29 * MINUTE);
      expect(await status(token)).toBe(200);
    }
    ctx.clock.advance(31 * MINUTE);
    expect(await errorOf(token)).toBe('You were logged out after a period without activity. Please log in again.');
  });

  it('end at the absolute lifetime however much they are used', async () => {
    const user = await createUser(ctx.database.db);
    const token = await signIn(user.username);
    for (let elapsed = 0; elapsed < 720 - 20; elapsed += 20) {
      ctx.clock.advance(20 * MINUTE);
      expect(await status(token)).toBe(200);
    }
    ctx.clock.advance(25 * MINUTE);
    expect(await errorOf(token)).toBe('Your session has expired. Please log in again.');
  });

  it('are listed for their owner with device, place and the current one marked; one or all others can be ended', async () => {
    const user = await createUser(ctx.database.db);
    const mine = await signIn(user.username, CHROME_MAC);
    const phone = await signIn(user.username, SAFARI_IPHONE);
    const third = await signIn(user.username, 'curl/8.1');
    const list = (await ctx.app.inject({ url: '/a/v1/Sessions', headers: bearer(mine) })).json() as { value: { id: string; device: string; place: string; current: boolean }[] };
    expect(list.value.map((s) => [s.device, s.place, s.current]).sort()).toEqual([
      ['Chrome on macOS', '127.0.0.1', true],
      ['Safari on iOS', '127.0.0.1', false],
      ['Unknown device', '127.0.0.1', false],
    ]);
    const phoneSession = list.value.find((s) => s.device === 'Safari on iOS')!;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Sessions/${phoneSession.id}`, headers: bearer(mine) })).statusCode).toBe(204);
    expect(await status(phone)).toBe(401);

    const stranger = await createUser(ctx.database.db);
    const strangerToken = await signIn(stranger.username);
    const mySession = list.value.find((s) => s.current)!;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/a/v1/Sessions/${mySession.id}`, headers: bearer(strangerToken) })).statusCode).toBe(404);
    expect(await status(mine)).toBe(200);

    const others = await ctx.app.inject({ method: 'POST', url: '/a/v1/Sessions/revoke-others', headers: bearer(mine) });
    expect(others.json()).toEqual({ revoked: 1 });
    expect(await status(third)).toBe(401);
    expect(await status(mine)).toBe(200);
  });
});

describe('the idle timeout in the token', () => {
  it('is the configured one, so the web warns a minute before the server ends the session', async () => {
    const other = await buildTestApp({ config: { SESSION_IDLE_MINUTES: 45 } });
    try {
      const user = await createUser(other.database.db);
      const res = await other.app.inject({ method: 'POST', url: '/a/v1/Authenticate', payload: { username: user.username, password: TEST_PASSWORD } });
      const token = (res.json() as { token: string }).token;
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { idleMinutes: number };
      expect(claims.idleMinutes).toBe(45);
    } finally {
      await other.close();
    }
  });
});
