/**
 * Adding a passkey, turning two-factor on and making new recovery codes are step-up changes (an old sign-in
 * gets RFC 9470's challenge, a fresh one goes through), and every change to how a person signs in queues a
 * security email in the outbox, in the person's language, naming the change, the device and the address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { AUTH_MESSAGES } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { auditEntries, authCalls } from '../../../test/auth';
import { createAccount, createUser, TEST_PASSWORD } from '../../../test/factories';
import { mailHeader, mailParts, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { SoftwarePasskey } from '../../../test/webauthn-authenticator';
import { mailOutbox, passkeys, userTotp } from '../../db/schema';
import { relyingPartyOf } from '../passkeys';
import { SECURITY_NOTICE_PURPOSE } from './security-notice';

const MINUTE = 60_000;
const CHALLENGE = `Bearer error="insufficient_user_authentication", error_description="${AUTH_MESSAGES.reauthenticationRequired}", max_age=600`;
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_PASSWORD = 'Lantern-Orbit-Meadow-73';

let ctx: TestContext;
let smtp: TestSmtpServer;
let rp: { id: string; origin: string };
let address = 0;
const nextAddress = () => `198.51.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await buildTestApp({ clock: createTestClock('2026-03-03T10:00:00Z'), config: { SMTP_URL: smtp.url } });
  rp = relyingPartyOf(ctx.app.config.PUBLIC_ORIGIN);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

type Headers = Record<string, string>;

/** A person signed in from Chrome on macOS at a known address (the session's device and address). */
const signedIn = async (language: 'English' | 'French' = 'English') => {
  const account = await createAccount(ctx.database.db, { language });
  const user = await createUser(ctx.database.db, { accountIds: [account.id], name: 'Camille Tremblay' });
  const ip = nextAddress();
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/a/v1/Authenticate',
    remoteAddress: ip,
    headers: { 'user-agent': CHROME_ON_MAC },
    payload: { username: user.username, password: TEST_PASSWORD },
  });
  const { token } = login.json() as { token: string };
  const headers: Headers = { authorization: `Bearer ${token}`, 'user-agent': CHROME_ON_MAC };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: InjectOptions['payload']) => {
    const options: InjectOptions = { method, url, headers, remoteAddress: ip, ...(payload === undefined ? {} : { payload }) };
    return ctx.app.inject(options);
  };
  return { user, ip, token, headers, call };
};
type Person = Awaited<ReturnType<typeof signedIn>>;

const confirm = (person: Person) => person.call('POST', '/a/v1/Authenticate/confirm', { password: TEST_PASSWORD });
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
const queuedNotices = async () => (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, SECURITY_NOTICE_PURPOSE))).length;

/** The next security email to a person, as delivered from the outbox. */
const securityMailTo = async (email: string) => {
  await ctx.app.outbox.deliverDue(ctx.clock.now());
  const mail = await smtp.nextMail(10_000, (m) => m.to.includes(email) && !/reset your password|réinitialisez/.test(mailHeader(m.raw, 'Subject') ?? ''));
  const { parts } = mailParts(mail.raw);
  return { raw: mail.raw, subject: (mailHeader(mail.raw, 'Subject') ?? '').replace(/\s+/g, ' '), text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
};

const registerPasskey = async (person: Person) => {
  const options = await person.call('POST', '/a/v1/Passkeys/registration-options');
  expect(options.statusCode).toBe(200);
  const authenticator = new SoftwarePasskey(rp.id, rp.origin);
  const saved = await person.call('POST', '/a/v1/Passkeys', { response: authenticator.register(options.json()) });
  expect(saved.statusCode).toBe(200);
  return saved.json() as { id: number; name: string };
};

const turnOnTwoFactor = async (person: Person) => {
  const setup = await person.call('POST', '/a/v1/TwoFactor/totp/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await person.call('POST', '/a/v1/TwoFactor/totp/enable', { code: codeAt(secret, ctx.clock.now()) });
  expect(enable.statusCode).toBe(200);
  ctx.clock.advance(31_000);
  return { secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
};

const passkeysOf = (userId: bigint) => ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, userId));

describe('registering a passkey', () => {
  it('on a sign-in 25 minutes old answers the step-up challenge at both steps and saves nothing', async () => {
    const person = await signedIn();
    const freshOptions = await person.call('POST', '/a/v1/Passkeys/registration-options');
    expect(freshOptions.statusCode).toBe(200);
    ctx.clock.advance(25 * MINUTE);

    const options = await person.call('POST', '/a/v1/Passkeys/registration-options');
    expect(options.statusCode).toBe(401);
    expect(options.headers['www-authenticate']).toBe(CHALLENGE);
    expect(options.json()).toEqual({ error: AUTH_MESSAGES.reauthenticationRequired });
    // Options fetched while the sign-in was fresh do not carry the registration past the window.
    const saved = await person.call('POST', '/a/v1/Passkeys', { response: new SoftwarePasskey(rp.id, rp.origin).register(freshOptions.json()) });
    expect(saved.statusCode).toBe(401);
    expect(saved.headers['www-authenticate']).toBe(CHALLENGE);
    expect(saved.json()).toEqual({ error: AUTH_MESSAGES.reauthenticationRequired });
    expect(await passkeysOf(person.user.id)).toEqual([]);
    expect(await auditEntries(ctx.database.db, 'auth.passkey_registered', person.user.id)).toEqual([]);
  });

  it('goes through once the password is confirmed, and the security email names the new passkey', async () => {
    const person = await signedIn();
    ctx.clock.advance(25 * MINUTE);
    expect((await person.call('POST', '/a/v1/Passkeys/registration-options')).statusCode).toBe(401);
    expect((await confirm(person)).statusCode).toBe(204);
    const before = await queuedNotices();
    const passkey = await registerPasskey(person);
    expect(passkey.name).toBe('Chrome on macOS');
    expect(await queuedNotices()).toBe(before + 1);
    const mail = await securityMailTo(person.user.email!);
    expect(mail.text).toContain('A passkey was added: “Chrome on macOS”. It signs you in without your password.');
    expect(mail.text).toContain('When: March 3, 2026 at ');
    expect(mail.text).toContain(`From: Chrome on macOS, address ${person.ip}`);
  });
});

describe('turning two-factor on', () => {
  it('refuses set-up and enable on an old sign-in with the challenge; after a confirmation both go through', async () => {
    const person = await signedIn();
    ctx.clock.advance(25 * MINUTE);
    const setup = await person.call('POST', '/a/v1/TwoFactor/totp/setup');
    expect(setup.statusCode).toBe(401);
    expect(setup.headers['www-authenticate']).toBe(CHALLENGE);
    expect(setup.json()).toEqual({ error: AUTH_MESSAGES.reauthenticationRequired });
    expect(await ctx.database.db.select().from(userTotp).where(eq(userTotp.userId, person.user.id))).toEqual([]);

    expect((await confirm(person)).statusCode).toBe(204);
    const started = await person.call('POST', '/a/v1/TwoFactor/totp/setup');
    expect(started.statusCode).toBe(200);
    const { secret } = started.json() as { secret: string };

    // The set-up was fresh; enabling it 11 minutes later is not.
    ctx.clock.advance(11 * MINUTE);
    const late = await person.call('POST', '/a/v1/TwoFactor/totp/enable', { code: codeAt(secret, ctx.clock.now()) });
    expect(late.statusCode).toBe(401);
    expect(late.headers['www-authenticate']).toBe(CHALLENGE);
    expect((await person.call('GET', '/a/v1/TwoFactor')).json()).toEqual({ totp: false });

    expect((await confirm(person)).statusCode).toBe(204);
    const enabled = await person.call('POST', '/a/v1/TwoFactor/totp/enable', { code: codeAt(secret, ctx.clock.now()) });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect((await person.call('GET', '/a/v1/TwoFactor')).json()).toEqual({ totp: true });

    const mail = await securityMailTo(person.user.email!);
    expect(mail.text).toContain('Two-factor sign-in was turned on');
    // No secret, code or token in the email.
    for (const secretText of [secret, ...recoveryCodes, person.token, TEST_PASSWORD]) expect(mail.raw).not.toContain(secretText);
  });
});

describe('new recovery codes', () => {
  it('need two-factor on and a fresh sign-in; the old codes stop working', async () => {
    const person = await signedIn();
    const off = await person.call('POST', '/a/v1/TwoFactor/recovery-codes');
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ error: AUTH_MESSAGES.twoFactorNotOn });

    const { recoveryCodes: old } = await turnOnTwoFactor(person);
    await securityMailTo(person.user.email!);
    ctx.clock.advance(11 * MINUTE);
    const stale = await person.call('POST', '/a/v1/TwoFactor/recovery-codes');
    expect(stale.statusCode).toBe(401);
    expect(stale.headers['www-authenticate']).toBe(CHALLENGE);

    expect((await confirm(person)).statusCode).toBe(204);
    const fresh = await person.call('POST', '/a/v1/TwoFactor/recovery-codes');
    expect(fresh.statusCode).toBe(200);
    const { recoveryCodes } = fresh.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.filter((code) => old.includes(code))).toEqual([]);
    const signIn = (otp: string) => ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate', remoteAddress: nextAddress(), payload: { username: person.user.username, password: TEST_PASSWORD, otp } });
    expect((await signIn(old[0]!)).json()).toMatchObject({ successful: false });
    expect((await signIn(recoveryCodes[0]!)).json()).toMatchObject({ successful: true });
    expect(await auditEntries(ctx.database.db, 'auth.recovery_codes_regenerated', person.user.id)).toHaveLength(1);

    const mail = await securityMailTo(person.user.email!);
    expect(mail.text).toContain('New two-factor recovery codes were made; the old ones no longer work.');
    for (const code of [...old, ...recoveryCodes]) expect(mail.raw).not.toContain(code);
  });
});

/** A reset link for the person, from the reset email. */
const resetTokenOf = async (email: string, login: string) => {
  expect((await authCalls(ctx.app).resetEmail(login, `${ctx.app.config.PUBLIC_ORIGIN}/reset-password`, nextAddress())).json()).toBe(true);
  await ctx.app.outbox.deliverDue(ctx.clock.now());
  const mail = await smtp.nextMail(10_000, (m) => m.to.includes(email) && /#reset=/.test(m.raw));
  return /#reset=([A-Za-z0-9_-]+)/.exec(mailParts(mail.raw).parts['text/plain'] ?? '')![1]!;
};

describe('a security email for every change to how a person signs in', () => {
  const CHANGES: {
    name: string;
    make: (person: Person) => Promise<unknown>;
    en: string;
    fr: string;
    /** Where the email says the change came from. */
    from: (person: Person) => { device: string; address: string } | null;
  }[] = [
    {
      name: 'password changed',
      make: (p) => p.call('POST', '/a/v1/Password/Change', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }),
      en: 'Your password was changed.',
      fr: 'Votre mot de passe a été changé.',
      from: (p) => ({ device: 'Chrome on macOS', address: p.ip }),
    },
    {
      name: 'password reset',
      make: async (p) => {
        const token = await resetTokenOf(p.user.email!, p.user.username);
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/a/v1/Password/SetFromResetToken',
          remoteAddress: '203.0.113.9',
          headers: { 'user-agent': FIREFOX_ON_WINDOWS },
          payload: { resetToken: token, newPassword: NEW_PASSWORD },
        });
        expect(res.json()).toEqual({ successful: true, error: null });
        return token;
      },
      en: 'Your password was reset with a link from a reset email.',
      fr: 'Votre mot de passe a été réinitialisé',
      from: () => ({ device: 'Firefox on Windows', address: '203.0.113.9' }),
    },
    {
      name: 'two-factor turned off',
      make: async (p) => {
        const { secret } = await turnOnTwoFactor(p);
        await securityMailTo(p.user.email!);
        expect((await p.call('POST', '/a/v1/TwoFactor/disable', { code: codeAt(secret, ctx.clock.now()) })).statusCode).toBe(204);
      },
      en: 'Two-factor sign-in was turned off',
      fr: 'La connexion en deux étapes a été désactivée',
      from: (p) => ({ device: 'Chrome on macOS', address: p.ip }),
    },
    {
      name: 'passkey removed',
      make: async (p) => {
        const passkey = await registerPasskey(p);
        await securityMailTo(p.user.email!);
        expect((await p.call('DELETE', `/a/v1/Passkeys/${passkey.id}`)).statusCode).toBe(204);
      },
      en: 'A passkey was removed: “Chrome on macOS”.',
      fr: 'Une clé d’accès a été retirée : « Chrome on macOS ».',
      from: (p) => ({ device: 'Chrome on macOS', address: p.ip }),
    },
    {
      name: 'all other sessions ended',
      make: async (p) => expect((await p.call('POST', '/a/v1/Sessions/revoke-others')).statusCode).toBe(200),
      en: 'You were signed out on every other device.',
      fr: 'Vous avez été déconnecté de tous les autres appareils.',
      from: (p) => ({ device: 'Chrome on macOS', address: p.ip }),
    },
    {
      name: 'two-factor reset by support',
      make: async (p) => {
        await turnOnTwoFactor(p);
        await securityMailTo(p.user.email!);
        const admin = await signedInAdmin();
        expect((await admin.call('POST', `/a/v1/Users/${p.user.id}/reset-two-factor`)).statusCode).toBe(204);
      },
      en: 'Support turned off two-factor sign-in for you',
      fr: 'Le soutien a désactivé votre connexion en deux étapes',
      from: () => null,
    },
  ];

  const signedInAdmin = async () => {
    const admin = await createUser(ctx.database.db, { roles: ['Admin'] });
    const login = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate', remoteAddress: nextAddress(), payload: { username: admin.username, password: TEST_PASSWORD } });
    const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    return { call: (method: 'POST', url: string) => ctx.app.inject({ method, url, headers }) };
  };

  it.each(CHANGES.flatMap((change) => (['English', 'French'] as const).map((language) => [change.name, language, change] as const)))(
    '%s, in %s, from the outbox',
    async (_name, language, change) => {
      const person = await signedIn(language);
      const before = await queuedNotices();
      const secret = await change.make(person);
      expect(await queuedNotices()).toBeGreaterThan(before);
      const mail = await securityMailTo(person.user.email!);
      const origin = change.from(person);
      if (language === 'English') {
        expect(mail.subject).toMatch(/: a change to how you sign in$/);
        expect(mail.text).toContain('Hello Camille Tremblay,');
        expect(mail.text).toContain(change.en);
        expect(mail.text).toContain(origin ? `From: ${origin.device}, address ${origin.address}` : 'By: our support team');
        expect(mail.text).toContain('If this was not you');
        expect(mail.html).toContain('<html lang="en">');
      } else {
        // (The test's header decoder may leave a space where the encoded subject was folded.)
        expect(mail.subject.replace(/\s+/g, '')).toMatch(/:unchangementdansvotrefaçondevousconnecter$/);
        expect(mail.text).toContain('Bonjour Camille Tremblay,');
        expect(mail.text).toContain(change.fr);
        expect(mail.text).toContain(origin ? `D’où : ${origin.device.replace(' on ', ' sur ')}, adresse ${origin.address}` : 'Par : notre équipe de soutien');
        expect(mail.text).toContain('Si ce n’était pas vous');
        expect(mail.html).toContain('<html lang="fr">');
      }
      for (const secretText of [person.token, TEST_PASSWORD, NEW_PASSWORD, ...(typeof secret === 'string' ? [secret] : [])]) {
        expect(mail.raw).not.toContain(secretText);
      }
      // The outbox keeps nothing of a sent email. (A row is marked sent once the SMTP server has taken it, a moment
      // after the mail arrives here; on PostgreSQL the job's connection may not have committed that yet.)
      const unsent = () => ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.purpose, SECURITY_NOTICE_PURPOSE), isNull(mailOutbox.sentAt)));
      await expect.poll(unsent, { timeout: 10_000 }).toEqual([]);
    },
  );
});

describe('removing the passkeys of the last 24 hours with a password change or reset', () => {
  /** One passkey registered two days ago and one just now. */
  const withOldAndNewPasskey = async (person: Person) => {
    await ctx.database.db
      .insert(passkeys)
      .values({ userId: person.user.id, credentialId: `old-${person.user.id}`, publicKey: 'AQ', name: 'Safari on iOS', createdAt: new Date(ctx.clock.now().getTime() - 48 * 60 * MINUTE) });
    await registerPasskey(person);
    await securityMailTo(person.user.email!);
  };
  const namesOf = async (userId: bigint) => (await passkeysOf(userId)).map((p) => p.name).sort();

  it('keeps every passkey unless asked; when asked, removes only the recent one, audited and emailed', async () => {
    const person = await signedIn();
    await withOldAndNewPasskey(person);
    const change = (newPassword: string, currentPassword: string, removeRecentPasskeys?: boolean) =>
      person.call('POST', '/a/v1/Password/Change', { currentPassword, newPassword, ...(removeRecentPasskeys === undefined ? {} : { removeRecentPasskeys }) });

    expect((await change(NEW_PASSWORD, TEST_PASSWORD)).json()).toEqual({ successful: true, error: null });
    await securityMailTo(person.user.email!);
    expect(await namesOf(person.user.id)).toEqual(['Chrome on macOS', 'Safari on iOS']);

    // A refused change removes nothing either.
    expect((await change('Another-Fine-Phrase-91', 'wrong password', true)).json()).toMatchObject({ successful: false });
    expect(await namesOf(person.user.id)).toEqual(['Chrome on macOS', 'Safari on iOS']);

    expect((await change('Another-Fine-Phrase-91', NEW_PASSWORD, true)).json()).toEqual({ successful: true, error: null });
    expect(await namesOf(person.user.id)).toEqual(['Safari on iOS']);
    const removals = await auditEntries(ctx.database.db, 'auth.passkey_removed', person.user.id);
    expect(removals.map((a) => a.details)).toEqual([expect.objectContaining({ name: 'Chrome on macOS', with: 'password_change' })]);
    const mails = [await securityMailTo(person.user.email!), await securityMailTo(person.user.email!)].map((m) => m.text);
    expect(mails.some((text) => text.includes('Your password was changed.'))).toBe(true);
    expect(mails.some((text) => text.includes('A passkey was removed: “Chrome on macOS”.'))).toBe(true);
  });

  it('the reset page is told the recent passkeys and the reset removes them when asked', async () => {
    const person = await signedIn();
    await withOldAndNewPasskey(person);
    const token = await resetTokenOf(person.user.email!, person.user.username);
    const check = await ctx.app.inject({ method: 'POST', url: '/a/v1/Password/CheckResetToken', remoteAddress: nextAddress(), payload: { resetToken: token } });
    expect(check.json()).toEqual({ successful: true, error: null, recentPasskeys: [{ name: 'Chrome on macOS', createdAt: ctx.clock.now().toISOString() }] });

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/a/v1/Password/SetFromResetToken',
      remoteAddress: nextAddress(),
      payload: { resetToken: token, newPassword: NEW_PASSWORD, removeRecentPasskeys: true },
    });
    expect(reset.json()).toEqual({ successful: true, error: null });
    expect(await namesOf(person.user.id)).toEqual(['Safari on iOS']);
    expect((await auditEntries(ctx.database.db, 'auth.passkey_removed', person.user.id)).map((a) => a.details)).toEqual([
      expect.objectContaining({ name: 'Chrome on macOS', with: 'password_reset' }),
    ]);
  });

  it('refuses a flag that is not a boolean, and changes nothing', async () => {
    const person = await signedIn();
    await withOldAndNewPasskey(person);
    const res = await person.call('POST', '/a/v1/Password/Change', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, removeRecentPasskeys: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'body.removeRecentPasskeys: Invalid input: expected boolean, received string',
      fields: { removeRecentPasskeys: 'Invalid input: expected boolean, received string' },
    });
    expect(await namesOf(person.user.id)).toEqual(['Chrome on macOS', 'Safari on iOS']);
    expect((await authCalls(ctx.app).login(person.user.username, TEST_PASSWORD, nextAddress())).json()).toMatchObject({ successful: true });
  });
});
