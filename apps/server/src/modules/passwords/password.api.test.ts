import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, RESET_TOKEN_TTL_MS } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { TEST_PASSWORD, createUser, tokenFor } from '../../../test/factories';
import { auditEntries, authCalls } from '../../../test/auth';
import { mailHeader, mailParts, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp';
import { authTokens, users } from '../../db/schema';
import { THROTTLE_RULES } from '../sessions';

const ORIGIN = 'https://portal.example';
const RESET_PAGE = `${ORIGIN}/reset-password`;
const NEW_PASSWORD = 'Lantern-Orbit-Meadow-73';

let ctx: TestContext;
let smtp: TestSmtpServer;
let calls: ReturnType<typeof authCalls>;
let address = 0;
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await buildTestApp({
    config: { PUBLIC_ORIGIN: ORIGIN, SMTP_URL: smtp.url, MAIL_FROM: 'Billing Portal <no-reply@portal.example>' },
  });
  calls = authCalls(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** The reset link in a received email: the text part's, checked equal to the HTML part's. */
const resetLinkIn = (raw: string): { link: string; token: string } => {
  const { parts } = mailParts(raw);
  const link = /https:\/\/\S+#reset=[A-Za-z0-9_-]+/.exec(parts['text/plain'] ?? '')?.[0];
  if (!link) throw new Error(`No reset link in:\n${raw}`);
  expect(parts['text/html']).toContain(`href="${link}"`);
  return { link, token: new URL(link).hash.slice('#reset='.length) };
};

/** Reset emails only: a completed reset or change also sends a security email, which tells of it but holds no link. */
const isResetMail = (mail: ReceivedMail) => /reset your password$/m.test(mailHeader(mail.raw, 'Subject') ?? '');
const nextResetMail = () => smtp.nextMail(10_000, isResetMail);

const requestReset = async (login: string): Promise<{ mail: ReceivedMail; token: string }> => {
  const res = await calls.resetEmail(login, RESET_PAGE, nextAddress());
  expect(res.statusCode).toBe(200);
  expect(res.json()).toBe(true);
  const mail = await nextResetMail();
  return { mail, token: resetLinkIn(mail.raw).token };
};

const resultOf = (error: string | null) => ({ successful: error === null, error });

describe('password reset by email over SMTP', () => {
  it('ends every session of the user once the new password is set', async () => {
    const user = await createUser(ctx.database.db, { email: 'ends.sessions@example.com' });
    const login = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate', payload: { username: user.username, password: TEST_PASSWORD } });
    const token = (login.json() as { token: string }).token;
    const sessions = () => ctx.app.inject({ url: '/a/v1/Sessions', headers: { authorization: `Bearer ${token}` } });
    expect((await sessions()).statusCode).toBe(200);
    const { token: resetToken } = await requestReset(user.username);
    expect((await calls.setFromResetToken(resetToken, NEW_PASSWORD, nextAddress())).json()).toEqual(resultOf(null));
    expect((await sessions()).statusCode).toBe(401);
  });

  it('mails a one-hour link whose token completes the reset; the new password then signs in', async () => {
    const user = await createUser(ctx.database.db, { email: 'Reset.Me@Example.com', name: 'Robin Reset' });
    const res = await calls.resetEmail('reset.me@example.com', RESET_PAGE, nextAddress());
    expect(res.json()).toBe(true);
    const mail = await nextResetMail();
    expect(mail.to.map((a) => a.toLowerCase())).toEqual(['reset.me@example.com']);
    expect(mailHeader(mail.raw, 'Subject')).toBe('Example Telecom: reset your password');
    expect(mailHeader(mail.raw, 'From')).toBe('Billing Portal <no-reply@portal.example>');
    const { link, token } = resetLinkIn(mail.raw);
    expect(link).toBe(`${RESET_PAGE}#reset=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mailParts(mail.raw).parts['text/plain']).toContain('Hello Robin Reset,');

    // Only the SHA-256 of the token is stored.
    const rows = await ctx.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!).toMatchObject({
      purpose: 'reset',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      usedAt: null,
    });
    expect(rows[0]!.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(RESET_TOKEN_TTL_MS);
    expect(Object.values(rows[0]!).map(String)).not.toContain(token);

    expect((await calls.setFromResetToken(token, NEW_PASSWORD, nextAddress())).json()).toEqual(resultOf(null));
    expect((await calls.login(user.username, NEW_PASSWORD, nextAddress())).json().successful).toBe(true);
    expect((await calls.login(user.username, TEST_PASSWORD, nextAddress())).json().error).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(await auditEntries(ctx.database.db, 'auth.password_reset', user.id)).toHaveLength(1);
  });

  it('lets a link work once', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await requestReset(user.username);
    expect((await calls.setFromResetToken(token, NEW_PASSWORD, nextAddress())).json()).toEqual(resultOf(null));
    expect((await calls.setFromResetToken(token, 'Another-Fine-Phrase-91', nextAddress())).json()).toEqual(
      resultOf(AUTH_MESSAGES.resetLinkInvalid),
    );
    expect((await calls.login(user.username, NEW_PASSWORD, nextAddress())).json().successful).toBe(true);
  });

  it('says whether a link still works without spending it (the reset page asks when it opens)', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await requestReset(user.username);
    const check = async (resetToken: string) =>
      (await ctx.app.inject({ method: 'POST', url: '/a/v1/Password/CheckResetToken', remoteAddress: nextAddress(), payload: { resetToken } })).json();
    expect(await check(token)).toEqual({ ...resultOf(null), recentPasskeys: [] });
    expect(await check(token)).toEqual({ ...resultOf(null), recentPasskeys: [] });
    expect(await check('C'.repeat(43))).toEqual({ ...resultOf(AUTH_MESSAGES.resetLinkInvalid), recentPasskeys: [] });
    expect(await check('not a token')).toEqual({ ...resultOf(AUTH_MESSAGES.resetLinkInvalid), recentPasskeys: [] });
    expect((await calls.setFromResetToken(token, NEW_PASSWORD, nextAddress())).json()).toEqual(resultOf(null));
    expect(await check(token)).toEqual({ ...resultOf(AUTH_MESSAGES.resetLinkInvalid), recentPasskeys: [] });

    const expiring = await requestReset((await createUser(ctx.database.db)).username);
    ctx.clock.advance(RESET_TOKEN_TTL_MS);
    expect(await check(expiring.token)).toEqual({ ...resultOf(AUTH_MESSAGES.resetLinkInvalid), recentPasskeys: [] });
  });

  it('refuses a link after one hour', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await requestReset(user.username);
    ctx.clock.advance(RESET_TOKEN_TTL_MS);
    expect((await calls.setFromResetToken(token, NEW_PASSWORD, nextAddress())).json()).toEqual(
      resultOf(AUTH_MESSAGES.resetLinkInvalid),
    );
    expect(AUTH_MESSAGES.resetLinkInvalid).toBe('This reset link has expired or was already used. Request a new one.');
  });

  it('retires the older link when a new one is requested', async () => {
    const user = await createUser(ctx.database.db);
    const first = await requestReset(user.username);
    const second = await requestReset(user.username);
    expect((await calls.setFromResetToken(first.token, NEW_PASSWORD, nextAddress())).json()).toEqual(
      resultOf(AUTH_MESSAGES.resetLinkInvalid),
    );
    expect((await calls.setFromResetToken(second.token, NEW_PASSWORD, nextAddress())).json()).toEqual(resultOf(null));
  });

  it('refuses unknown and malformed tokens with the same text', async () => {
    expect((await calls.setFromResetToken('C'.repeat(43), NEW_PASSWORD, nextAddress())).json()).toEqual(
      resultOf(AUTH_MESSAGES.resetLinkInvalid),
    );
    expect((await calls.setFromResetToken('not a token', NEW_PASSWORD, nextAddress())).json()).toEqual(
      resultOf(AUTH_MESSAGES.resetLinkInvalid),
    );
  });

  it('refuses weak passwords with a clear text and keeps the link usable', async () => {
    const user = await createUser(ctx.database.db, { username: 'weakling.user', email: 'weakling@example.com' });
    const { token } = await requestReset(user.username);
    const attempt = async (password: string) => (await calls.setFromResetToken(token, password, nextAddress())).json();
    expect(await attempt('Short-1!')).toEqual(resultOf('Password must be at least 12 characters.'));
    expect(await attempt('Password1234!')).toEqual(resultOf('This password is too common. Choose a less predictable one.'));
    expect(await attempt('qwertyuiop123')).toEqual(resultOf(AUTH_MESSAGES.passwordTooCommon));
    expect(await attempt('weakling.user2024')).toEqual(resultOf(AUTH_MESSAGES.passwordPersonal));
    expect(await attempt('weakling@example.com')).toEqual(resultOf(AUTH_MESSAGES.passwordPersonal));
    expect(await attempt(NEW_PASSWORD)).toEqual(resultOf(null));
  });

  it('answers 400 for a password over 256 characters', async () => {
    const res = await calls.setFromResetToken('D'.repeat(43), 'x'.repeat(257), nextAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('body.newPassword');
  });

  it('keeps a pending user pending after a reset', async () => {
    const user = await createUser(ctx.database.db, { status: 'pending', password: null });
    const { token } = await requestReset(user.email!);
    expect((await calls.setFromResetToken(token, NEW_PASSWORD, nextAddress())).json()).toEqual(resultOf(null));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe('pending');
    expect((await calls.login(user.username, NEW_PASSWORD, nextAddress())).json().error).toBe(AUTH_MESSAGES.awaitingApproval);
  });

  it('answers true for unknown and disabled users without sending anything', async () => {
    const disabled = await createUser(ctx.database.db, { status: 'disabled' });
    expect((await calls.resetEmail('nobody@example.com', RESET_PAGE, nextAddress())).json()).toBe(true);
    expect((await calls.resetEmail(disabled.username, RESET_PAGE, nextAddress())).json()).toBe(true);
    const tokens = await ctx.database.db.select().from(authTokens).where(eq(authTokens.userId, disabled.id));
    expect(tokens).toEqual([]);
    // The next email out is the next real request's.
    const user = await createUser(ctx.database.db);
    const { mail } = await requestReset(user.username);
    expect(mail.to).toEqual([user.email]);
  });

  it('answers false when several users share the email', async () => {
    await createUser(ctx.database.db, { email: 'family@example.com' });
    await createUser(ctx.database.db, { email: 'family@example.com' });
    const res = await calls.resetEmail('FAMILY@example.com', RESET_PAGE, nextAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(false);
  });

  it.each([
    ['another origin', 'https://evil.example/reset-password'],
    ['a look-alike host', 'https://portal.example.evil.example/reset-password'],
    ['another scheme', 'http://portal.example/reset-password'],
    ['another port', 'https://portal.example:8443/reset-password'],
    ['another page', 'https://portal.example/login'],
    ['credentials in the URL', 'https://portal.example@evil.example/reset-password'],
  ])('refuses a validateURL on %s with 400', async (_case, validateURL) => {
    const user = await createUser(ctx.database.db);
    const res = await calls.resetEmail(user.username, validateURL, nextAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validateURL must be a /reset-password address on this site.' });
    expect(await ctx.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id))).toEqual([]);
  });

  it(`throttles requests per username (${THROTTLE_RULES.resetEmailPerUsername.limit} an hour)`, async () => {
    const user = await createUser(ctx.database.db);
    for (let i = 0; i < THROTTLE_RULES.resetEmailPerUsername.limit; i++) await requestReset(user.username);
    const res = await calls.resetEmail(user.username, RESET_PAGE, nextAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'Too many password reset requests. Please wait 60 minutes and try again.' });
  });

  it(`throttles requests per address (${THROTTLE_RULES.resetEmailPerAddress.limit} an hour)`, async () => {
    const ip = '192.0.2.55';
    for (let i = 0; i < THROTTLE_RULES.resetEmailPerAddress.limit; i++) {
      expect((await calls.resetEmail(`nobody-${i}@example.com`, RESET_PAGE, ip)).statusCode).toBe(200);
    }
    const res = await calls.resetEmail('nobody-else@example.com', RESET_PAGE, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many password reset requests\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe('password reset without SMTP (outbox)', () => {
  it('writes the email to DATA_DIR/outbox; its link completes the reset', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-outbox-'));
    const local = await buildTestApp({
      config: { PUBLIC_ORIGIN: ORIGIN, DATA_DIR: dataDir },
      database: ctx.database,
      clock: ctx.clock,
    });
    try {
      const user = await createUser(ctx.database.db);
      const localCalls = authCalls(local.app);
      expect((await localCalls.resetEmail(user.username, RESET_PAGE, nextAddress())).json()).toBe(true);
      const outbox = path.join(dataDir, 'outbox');
      const files = await vi.waitFor(
        async () => {
          const found = await readdir(outbox);
          if (found.length === 0) throw new Error('no email yet');
          return found;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(files).toHaveLength(1);
      const raw = await readFile(path.join(outbox, files[0]!), 'utf8');
      expect(mailHeader(raw, 'To')).toBe(user.email!);
      const { token } = resetLinkIn(raw);
      expect((await localCalls.setFromResetToken(token, NEW_PASSWORD, nextAddress())).json()).toEqual(resultOf(null));
      expect((await localCalls.login(user.username, NEW_PASSWORD, nextAddress())).json().successful).toBe(true);
    } finally {
      await local.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('POST /a/v1/Password/Change', () => {
  const sessionOf = async (user: { id: bigint; name: string; roles: string[] }) =>
    tokenFor(ctx.database.db, user, { issuer: ctx.app.config.AUTH_ISSUER, now: ctx.clock.now() });

  it('answers 401 without a session', async () => {
    const res = await calls.changePassword(null, TEST_PASSWORD, NEW_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please log in to continue.' });
  });

  it('changes the password when the current one is right; the new one then signs in', async () => {
    const user = await createUser(ctx.database.db);
    const res = await calls.changePassword(await sessionOf(user), TEST_PASSWORD, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(resultOf(null));
    expect((await calls.login(user.username, NEW_PASSWORD, nextAddress())).json().successful).toBe(true);
    expect((await calls.login(user.username, TEST_PASSWORD, nextAddress())).json().successful).toBe(false);
    const [audit] = await auditEntries(ctx.database.db, 'auth.password_change', user.id);
    expect(audit!.details).toMatchObject({ outcome: 'changed' });
  });

  it('refuses a wrong current password, an unchanged one and a weak one', async () => {
    const user = await createUser(ctx.database.db);
    const session = await sessionOf(user);
    expect((await calls.changePassword(session, 'not-my-password', NEW_PASSWORD)).json()).toEqual(
      resultOf('The current password is incorrect.'),
    );
    expect((await calls.changePassword(session, TEST_PASSWORD, TEST_PASSWORD)).json()).toEqual(
      resultOf(AUTH_MESSAGES.passwordUnchanged),
    );
    expect((await calls.changePassword(session, TEST_PASSWORD, 'short')).json()).toEqual(
      resultOf(AUTH_MESSAGES.passwordTooShort),
    );
    expect((await calls.changePassword(session, TEST_PASSWORD, 'iloveyou2024!')).json()).toEqual(
      resultOf(AUTH_MESSAGES.passwordTooCommon),
    );
    expect((await calls.login(user.username, TEST_PASSWORD, nextAddress())).json().successful).toBe(true);
  });

  it('spends outstanding reset links, so an old email cannot undo the change', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await requestReset(user.username);
    expect((await calls.changePassword(await sessionOf(user), TEST_PASSWORD, NEW_PASSWORD)).json()).toEqual(resultOf(null));
    expect((await calls.setFromResetToken(token, 'Another-Fine-Phrase-91', nextAddress())).json()).toEqual(
      resultOf(AUTH_MESSAGES.resetLinkInvalid),
    );
    const open = await ctx.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id)));
    expect(open.every((t) => t.usedAt !== null)).toBe(true);
  });

  it(`is throttled per user (${THROTTLE_RULES.passwordChangePerUser.limit} attempts)`, async () => {
    const user = await createUser(ctx.database.db);
    const session = await sessionOf(user);
    for (let i = 0; i < THROTTLE_RULES.passwordChangePerUser.limit; i++) {
      expect((await calls.changePassword(session, `wrong-${i}`, NEW_PASSWORD)).statusCode).toBe(200);
    }
    const res = await calls.changePassword(session, TEST_PASSWORD, NEW_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'Too many password change attempts. Please wait 15 minutes and try again.' });
  });
});
