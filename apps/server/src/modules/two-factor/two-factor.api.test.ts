/** Two-factor sign-in with an authenticator app: enrolment, sign-in, replay, recovery codes, throttling, turning off. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { AUTH_MESSAGES } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from '../../../test/factories';
import { userTotp } from '../../db/schema';
import { THROTTLE_RULES } from '../sessions';

let ctx: TestContext;
let address = 0;
const nextAddress = () => `10.3.${Math.floor(++address / 250)}.${address % 250}`;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2026-06-01T12:00:00Z') });
});
afterAll(() => ctx.close());

const codeAt = (secret: string, at: Date) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
const signIn = (username: string, otp?: string, password = TEST_PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate', remoteAddress: nextAddress(), payload: { username, password, ...(otp ? { otp } : {}) } });

/** A user who turned two-factor on: their secret and recovery codes. */
const enrolled = async () => {
  const user = await createUser(ctx.database.db);
  const headers = bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now() }));
  const setup = await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/totp/setup', headers });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toMatch(new RegExp(`^otpauth://totp/localhost:${user.username}\\?issuer=localhost&secret=${secret}&algorithm=SHA1&digits=6&period=30$`));
  const wrong = await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/totp/enable', headers, payload: { code: '000000' } });
  expect(wrong.statusCode).toBe(400);
  const enable = await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/totp/enable', headers, payload: { code: codeAt(secret, ctx.clock.now()) } });
  expect(enable.statusCode).toBe(200);
  const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
  ctx.clock.advance(30_000);
  return { user, headers, secret, recoveryCodes };
};

describe('two-factor sign-in', () => {
  it('is enrolled with a code; the secret is sealed at rest; 10 distinct recovery codes are given once', async () => {
    const { user, headers, secret, recoveryCodes } = await enrolled();
    expect((await ctx.app.inject({ url: '/a/v1/TwoFactor', headers })).json()).toEqual({ totp: true });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(recoveryCodes.every((c) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(c))).toBe(true);
    const [row] = await ctx.database.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(JSON.stringify(row!.secret)).not.toContain(secret);
  });

  it('asks for the code after a right password, signs in with it, and refuses the same code twice', async () => {
    const { user, secret } = await enrolled();
    const first = await signIn(user.username);
    expect(first.json()).toEqual({ successful: false, token: null, error: AUTH_MESSAGES.secondFactorRequired, secondFactorRequired: 'totp' });
    const code = codeAt(secret, ctx.clock.now());
    expect((await signIn(user.username, code)).json()).toMatchObject({ successful: true, token: expect.any(String) });
    expect((await signIn(user.username, code)).json()).toMatchObject({ successful: false, error: AUTH_MESSAGES.secondFactorWrong });
    // A wrong password never reveals that a second factor exists.
    expect((await signIn(user.username, undefined, 'wrong password')).json()).toMatchObject({ successful: false, error: AUTH_MESSAGES.invalidCredentials });
  });

  it('takes each recovery code once', async () => {
    const { user, recoveryCodes } = await enrolled();
    expect((await signIn(user.username, recoveryCodes[0])).json()).toMatchObject({ successful: true });
    expect((await signIn(user.username, recoveryCodes[0])).json()).toMatchObject({ successful: false });
    expect((await signIn(user.username, recoveryCodes[1]!.toUpperCase())).json()).toMatchObject({ successful: true });
  });

  it('throttles wrong codes like wrong passwords', async () => {
    const { user, secret } = await enrolled();
    for (let i = 0; i < THROTTLE_RULES.loginPerUsername.limit; i += 1) await signIn(user.username, String(100000 + i));
    const res = await signIn(user.username, codeAt(secret, ctx.clock.now()));
    expect(res.statusCode).toBe(429);
  });

  it('is turned off with a code, after which the password alone signs in; an admin can reset it', async () => {
    const { user, headers, secret } = await enrolled();
    const off = await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/disable', headers, payload: { code: codeAt(secret, ctx.clock.now()) } });
    expect(off.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/a/v1/TwoFactor', headers })).json()).toEqual({ totp: false });
    expect((await signIn(user.username)).json()).toMatchObject({ successful: true });

    const other = await enrolled();
    const admin = await createUser(ctx.database.db, { roles: ['Admin'] });
    const reset = await ctx.app.inject({ method: 'POST', url: `/a/v1/Users/${other.user.id}/reset-two-factor`, headers: bearer(await tokenFor(ctx.database.db, admin, { now: ctx.clock.now() })) });
    expect(reset.statusCode).toBe(204);
    expect((await signIn(other.user.username)).json()).toMatchObject({ successful: true });
    expect((await ctx.app.inject({ url: '/a/v1/Sessions', headers: other.headers })).statusCode).toBe(401);
  });
});
