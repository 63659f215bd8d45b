/**
 * Guessing a password cannot lock the real customer out (OWASP device cookies): a browser where
 * the person signed in before keeps signing in while a guesser without it is throttled, with
 * lockouts that grow the longer the guessing goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from '../../../test/factories';
import { auditEntries } from '../../../test/auth';
import { mailOutbox } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, RESET_TOKEN_TTL_MS } from '@portal/contract';
import { expiresAfter, generateOpaqueToken, hashOpaqueToken, insertToken } from '../tokens';
import { THROTTLE_RULES } from '../sessions';

let ctx: TestContext;
let address = 0;
// Every attempt from its own address, so only the per-person counters are in play.
const nextAddress = () => `10.2.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2026-05-05T08:00:00Z') });
});
afterAll(() => ctx.close());

const attempt = (username: string, password: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/a/v1/Authenticate',
    remoteAddress: nextAddress(),
    headers: cookie ? { cookie } : {},
    payload: { username, password },
  });

/** Signs in as the owner would in their browser and keeps the device cookie it is given. */
const ownersBrowser = async (username: string) => {
  const res = await attempt(username, TEST_PASSWORD);
  expect(res.json()).toMatchObject({ successful: true });
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/^portal_device=[^;]+; Path=\/a\/v1\/Authenticate; Max-Age=31536000; HttpOnly; SameSite=Strict/);
  return setCookie.split(';')[0]!;
};

describe('sign-in lockout', () => {
  it('after 11 failed attempts from a client without cookies, the owner’s browser still signs in; the guesser stays throttled', async () => {
    const user = await createUser(ctx.database.db);
    const cookie = await ownersBrowser(user.username);
    const { limit } = THROTTLE_RULES.loginPerUsername;
    for (let i = 0; i < limit; i += 1) expect((await attempt(user.username, `guess-${i}`)).json()).toMatchObject({ successful: false });
    const eleventh = await attempt(user.username, 'guess-11');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toMatch(/^Too many login attempts\. Please wait \d+ minutes? and try again\.$/);
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(429);

    const owner = await attempt(user.username, TEST_PASSWORD, cookie);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ successful: true });
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('throttles a known browser on its own counter', async () => {
    const user = await createUser(ctx.database.db);
    const cookie = await ownersBrowser(user.username);
    for (let i = 0; i < THROTTLE_RULES.loginPerDevice.limit; i += 1) await attempt(user.username, `typo-${i}`, cookie);
    expect((await attempt(user.username, TEST_PASSWORD, cookie)).statusCode).toBe(429);
    // The guesses from that browser did not count against the person elsewhere.
    expect((await attempt(user.username, TEST_PASSWORD)).json()).toMatchObject({ successful: true });
  });

  it('ignores a device cookie of another person or a forged one', async () => {
    const [owner, other] = [await createUser(ctx.database.db), await createUser(ctx.database.db)];
    const othersCookie = await ownersBrowser(other.username);
    for (let i = 0; i < THROTTLE_RULES.loginPerUsername.limit; i += 1) await attempt(owner.username, `guess-${i}`);
    expect((await attempt(owner.username, TEST_PASSWORD, othersCookie)).statusCode).toBe(429);
    const forged = `portal_device=${owner.id}.AAAAAAAAAAAAAAAA.${'A'.repeat(43)}`;
    expect((await attempt(owner.username, TEST_PASSWORD, forged)).statusCode).toBe(429);
  });

  it('locks a guesser out for longer once they come back after a lockout', async () => {
    const user = await createUser(ctx.database.db);
    const { limit, windowMs } = THROTTLE_RULES.loginPerUsername;
    for (let i = 0; i < limit; i += 1) await attempt(user.username, `first-${i}`);
    const first = await attempt(user.username, 'first-over');
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
    ctx.clock.advance(windowMs);
    for (let i = 0; i < limit - 1; i += 1) expect((await attempt(user.username, `second-${i}`)).statusCode).toBe(200);
    const second = await attempt(user.username, 'second-over');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(windowMs / 1000);
  });

  it('ends with a completed reset: the new password signs in at once, from any browser', async () => {
    const user = await createUser(ctx.database.db);
    const { limit } = THROTTLE_RULES.loginPerUsername;
    for (let i = 0; i < limit; i += 1) await attempt(user.username, `forgotten-${i}`);
    const locked = await attempt(user.username, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Too many login attempts\. Please wait 1[45] minutes and try again\.$/);

    // A reset link, as the reset email carries.
    const token = generateOpaqueToken();
    await insertToken(ctx.database.db, {
      userId: user.id,
      purpose: 'reset',
      tokenHash: hashOpaqueToken(token),
      expiresAt: expiresAfter(ctx.clock.now(), RESET_TOKEN_TTL_MS),
      createdByUserId: null,
      at: ctx.clock.now(),
    });
    const newPassword = 'Lantern-Orbit-Meadow-73';
    // A refused reset (a weak password) lifts nothing.
    const weak = await ctx.app.inject({ method: 'POST', url: '/a/v1/Password/SetFromResetToken', remoteAddress: nextAddress(), payload: { resetToken: token, newPassword: 'short' } });
    expect(weak.json()).toMatchObject({ successful: false });
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(429);

    const reset = await ctx.app.inject({ method: 'POST', url: '/a/v1/Password/SetFromResetToken', remoteAddress: nextAddress(), payload: { resetToken: token, newPassword } });
    expect(reset.json()).toEqual({ successful: true, error: null });
    const signedIn = await attempt(user.username, newPassword);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ successful: true });
  });

  it('says how many attempts remain once they are few', async () => {
    const user = await createUser(ctx.database.db);
    const { limit } = THROTTLE_RULES.loginPerUsername;
    const answers = [];
    for (let i = 0; i < limit; i += 1) answers.push((await attempt(user.username, `typo-${i}`)).json() as { attemptsLeft?: number });
    expect(answers.map((a) => a.attemptsLeft)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, 3, 2, 1, 0]);
    expect(answers[9]).toEqual({ successful: false, token: null, error: AUTH_MESSAGES.invalidCredentials, attemptsLeft: 0 });
  });
});

describe('Admin lifts a lockout', () => {
  const lockOut = async (username: string) => {
    for (let i = 0; i <= THROTTLE_RULES.loginPerUsername.limit; i += 1) await attempt(username, `guess-${i}`);
    expect((await attempt(username, TEST_PASSWORD)).statusCode).toBe(429);
  };
  const adminCall = async (method: 'GET' | 'POST', url: string, payload?: object, roles: string[] = ['Admin']) => {
    const caller = await createUser(ctx.database.db, { roles });
    return ctx.app.inject({ method, url, headers: bearer(await tokenFor(ctx.database.db, caller, { now: ctx.clock.now() })), ...(payload ? { payload } : {}) });
  };
  it('shows the locked-out person with when it ends, lifts it (audited) and emails a reset link on request', async () => {
    const user = await createUser(ctx.database.db);
    const lockedAt = ctx.clock.now();
    await lockOut(user.username);

    const listed = (await adminCall('GET', `/a/v1/Users?search=${user.username}`)).json() as { id: number; lockedOutUntil: string | null }[];
    const row = listed.find((u) => BigInt(u.id) === user.id)!;
    expect(row.lockedOutUntil).toBe(new Date(lockedAt.getTime() + THROTTLE_RULES.loginPerUsername.windowMs).toISOString());

    expect((await adminCall('POST', `/a/v1/Users/${user.id}/lift-lockout`, { sendResetLink: true }, ['Staff'])).statusCode).toBe(403);
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(429);

    const before = (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, 'password_reset'))).length;
    const lifted = await adminCall('POST', `/a/v1/Users/${user.id}/lift-lockout`, { sendResetLink: true });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ id: Number(user.id), lockedOutUntil: null });
    expect((await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, 'password_reset'))).length).toBe(before + 1);
    const [entry] = await auditEntries(ctx.database.db, 'user.lockout_lifted', user.id);
    expect(entry).toMatchObject({ details: { sendResetLink: true } });

    const signIn = await attempt(user.username, TEST_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ successful: true });
  });

  it('lifts without mail when asked so, and refuses a reset link to a disabled person with nothing changed', async () => {
    const user = await createUser(ctx.database.db);
    await lockOut(user.username);
    const before = (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, 'password_reset'))).length;
    expect((await adminCall('POST', `/a/v1/Users/${user.id}/lift-lockout`, { sendResetLink: false })).statusCode).toBe(200);
    expect((await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, 'password_reset'))).length).toBe(before);
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(200);

    const disabled = await createUser(ctx.database.db, { status: 'disabled' });
    const refused = await adminCall('POST', `/a/v1/Users/${disabled.id}/lift-lockout`, { sendResetLink: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: AUTH_MESSAGES.noResetLinkForUser });
    expect(await auditEntries(ctx.database.db, 'user.lockout_lifted', disabled.id)).toEqual([]);
    expect((await adminCall('POST', `/a/v1/Users/${disabled.id}/lift-lockout`, { sendResetLink: 'yes' })).statusCode).toBe(400);
  });
});
