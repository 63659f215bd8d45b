/**
 * Re-authentication for sensitive changes (docs/decisions/0011-server-side-sessions.md): changing the invoice email and turning
 * two-factor off need a sign-in or a confirmed password at most 10 minutes old; older sessions get
 * RFC 9470's step-up challenge, confirm the password, and the same change then goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { AUTH_MESSAGES, REAUTHENTICATION_MAX_AGE_MINUTES } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { auditEntries } from '../../../test/auth';
import { bearer, createAccount, createBillingDetails, createUser, TEST_PASSWORD, tokenFor } from '../../../test/factories';
import { accounts } from '../../db/schema';
import { authenticatedRecently } from '../../lib/recent-authentication';
import { THROTTLE_RULES } from './throttle';

const MINUTE = 60_000;
const CHALLENGE = `Bearer error="insufficient_user_authentication", error_description="${AUTH_MESSAGES.reauthenticationRequired}", max_age=600`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock('2026-03-03T10:00:00Z') });
});
afterAll(() => ctx.close());

const confirm = (headers: Record<string, string>, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate/confirm', headers, payload: { password } });

const setInvoiceEmail = (headers: Record<string, string>, accountId: bigint, invoiceEmail: string, language = 'English') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/b/v1/Account/customerdetails',
    headers,
    payload: {
      accountId: Number(accountId),
      language,
      invoiceEmail,
      addresses: [],
      accountAddresses: [],
      contacts: [],
      accountContacts: [],
      deleteAccountAddressIds: [],
      deleteAddressIds: [],
      deleteAccountContactIds: [],
      deleteContactIds: [],
    },
  });

const customerWithAccount = async () => {
  const account = await createAccount(ctx.database.db, { invoiceEmailAddress: 'bills@example.com', language: 'English' });
  await createBillingDetails(ctx.database.db, account.id, new Date('2025-01-01T00:00:00Z'));
  const user = await createUser(ctx.database.db, { accountIds: [account.id] });
  const headers = bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now(), ttlMinutes: 720 }));
  return { account, user, headers };
};
const invoiceEmailOf = async (accountId: bigint) =>
  (await ctx.database.db.select({ email: accounts.invoiceEmailAddress }).from(accounts).where(eq(accounts.id, accountId)))[0]!.email;

describe('the 10-minute rule', () => {
  it.each([
    [0, true],
    [REAUTHENTICATION_MAX_AGE_MINUTES * MINUTE, true],
    [REAUTHENTICATION_MAX_AGE_MINUTES * MINUTE + 1, false],
    [12 * 60 * MINUTE, false],
  ])('a proof %i ms old is recent: %s', (ageMs, recent) => {
    const now = new Date('2026-03-03T10:00:00Z');
    expect(authenticatedRecently(new Date(now.getTime() - ageMs), now)).toBe(recent);
  });
});

describe('changing the invoice email', () => {
  it('goes through within 10 minutes of signing in', async () => {
    const { account, headers } = await customerWithAccount();
    ctx.clock.advance(9 * MINUTE);
    const res = await setInvoiceEmail(headers, account.id, 'new.bills@example.com');
    expect(res.statusCode).toBe(200);
    expect(await invoiceEmailOf(account.id)).toBe('new.bills@example.com');
  });

  it('later answers the step-up challenge and saves nothing; after the password is confirmed it goes through', async () => {
    const { account, user, headers } = await customerWithAccount();
    ctx.clock.advance(11 * MINUTE);
    const refused = await setInvoiceEmail(headers, account.id, 'hijacker@example.net');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe(CHALLENGE);
    expect(refused.json()).toEqual({ error: AUTH_MESSAGES.reauthenticationRequired });
    expect(await invoiceEmailOf(account.id)).toBe('bills@example.com');
    // The session itself lives on: a step-up is not a sign-out.
    expect((await ctx.app.inject({ url: `/b/v1/Account/${account.id}`, headers })).statusCode).toBe(200);

    const wrong = await confirm(headers, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: AUTH_MESSAGES.passwordWrong });
    expect((await setInvoiceEmail(headers, account.id, 'hijacker@example.net')).statusCode).toBe(401);

    expect((await confirm(headers, TEST_PASSWORD)).statusCode).toBe(204);
    const saved = await setInvoiceEmail(headers, account.id, 'new.bills@example.com');
    expect(saved.statusCode).toBe(200);
    expect(await invoiceEmailOf(account.id)).toBe('new.bills@example.com');
    const outcomes = (await auditEntries(ctx.database.db, 'auth.reauthenticate', user.id)).map((a) => (a.details as { outcome: string }).outcome);
    expect(outcomes.sort()).toEqual(['confirmed', 'wrong_password']);

    ctx.clock.advance(11 * MINUTE);
    expect((await setInvoiceEmail(headers, account.id, 'again@example.com')).statusCode).toBe(401);
  });

  it('is not asked for other changes of the same form', async () => {
    const { account, headers } = await customerWithAccount();
    ctx.clock.advance(30 * MINUTE);
    const res = await setInvoiceEmail(headers, account.id, 'bills@example.com', 'French');
    expect(res.statusCode).toBe(200);
  });
});

describe('turning two-factor off', () => {
  it('needs a recent proof of identity as well as a code', async () => {
    const user = await createUser(ctx.database.db);
    const headers = bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now(), ttlMinutes: 720 }));
    const { secret } = (await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/totp/setup', headers })).json() as { secret: string };
    const codeAt = (at: Date) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
    expect((await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/totp/enable', headers, payload: { code: codeAt(ctx.clock.now()) } })).statusCode).toBe(200);

    ctx.clock.advance(15 * MINUTE);
    const refused = await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/disable', headers, payload: { code: codeAt(ctx.clock.now()) } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe(CHALLENGE);
    expect((await ctx.app.inject({ url: '/a/v1/TwoFactor', headers })).json()).toEqual({ totp: true });

    expect((await confirm(headers, TEST_PASSWORD)).statusCode).toBe(204);
    ctx.clock.advance(31_000);
    const off = await ctx.app.inject({ method: 'POST', url: '/a/v1/TwoFactor/disable', headers, payload: { code: codeAt(ctx.clock.now()) } });
    expect(off.statusCode).toBe(204);
  });
});

describe('POST /a/v1/Authenticate/confirm', () => {
  it('throttles wrong passwords per person, with the time to wait', async () => {
    const { headers } = await customerWithAccount();
    for (let i = 0; i < THROTTLE_RULES.confirmPasswordPerUser.limit; i += 1) expect((await confirm(headers, `guess-${i}`)).statusCode).toBe(400);
    const throttled = await confirm(headers, TEST_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error).toMatch(/^Too many password confirmation attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it('tells a person without a password (single sign-on) to sign in again', async () => {
    const user = await createUser(ctx.database.db, { password: null });
    const headers = bearer(await tokenFor(ctx.database.db, user, { now: ctx.clock.now() }));
    const res = await confirm(headers, 'anything');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.noPasswordToConfirm });
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate/confirm', payload: { password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate'] ?? '').not.toContain('insufficient_user_authentication');
    expect(res.json()).toEqual({ error: 'Please log in to continue.' });
  });
});
