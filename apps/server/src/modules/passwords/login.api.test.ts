import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, ONE_TIME_LOGIN_TTL_MS } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { TEST_PASSWORD, bearer, createAccount, createUser, tokenFor } from '../../../test/factories';
import { auditEntries, authCalls, verifySessionToken } from '../../../test/auth';
import { auditLog, users } from '../../db/schema';
import { THROTTLE_RULES } from '../sessions';

let ctx: TestContext;
let calls: ReturnType<typeof authCalls>;
let address = 0;
/** Each test signs in from its own address, so per-address counters do not leak between tests. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  ctx = await buildTestApp({ config: { PUBLIC_ORIGIN: 'https://portal.example', SESSION_TTL_MINUTES: 90 } });
  calls = authCalls(ctx.app);
});
afterAll(() => ctx.close());

const failure = (error: string) => ({ successful: false, token: null, error });

describe('POST /a/v1/Authenticate', () => {
  it('signs an active user in with a session token carrying roles, account scopes, audiences and expiry', async () => {
    const db = ctx.database.db;
    const [a, b] = [await createAccount(db), await createAccount(db)];
    const user = await createUser(db, { roles: ['Staff'], accountIds: [b.id, a.id], name: 'Pat Lee' });
    const res = await calls.login(user.username, TEST_PASSWORD, nextAddress());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ successful: true, error: null });
    const { payload, kid } = await verifySessionToken(ctx.app, body.token);
    const jwks = (await ctx.app.inject('/a/.well-known/jwks.json')).json();
    expect(kid).toBe(jwks.keys[0].kid);
    expect(payload).toMatchObject({
      sub: String(user.id),
      name: 'Pat Lee',
      roles: ['Staff'],
      scopes: [`ac:${a.id}`, `ac:${b.id}`],
      aud: ['billing-portal', 'billing'],
      iss: 'https://portal.example/a',
    });
    expect(payload.exp! - payload.iat!).toBe(90 * 60);
    expect(Math.abs(payload.iat! - ctx.clock.now().getTime() / 1000)).toBeLessThan(2);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt?.getTime()).toBe(ctx.clock.now().getTime());
  });

  it('accepts the username or the email in any letter case', async () => {
    const user = await createUser(ctx.database.db, { username: 'Mixed.Case', email: 'Mixed.Case@Example.com' });
    for (const login of ['mixed.case', 'MIXED.CASE', 'mixed.case@example.com', ' Mixed.Case@EXAMPLE.com ']) {
      const body = (await calls.login(login, TEST_PASSWORD, nextAddress())).json();
      expect(body.successful, login).toBe(true);
      expect((await verifySessionToken(ctx.app, body.token)).payload.sub).toBe(String(user.id));
    }
  });

  it('answers a wrong password and an unknown user with the same 200 and text', async () => {
    const user = await createUser(ctx.database.db);
    const wrong = await calls.login(user.username, 'not-the-password', nextAddress());
    const unknown = await calls.login('nobody-here', 'whatever-password', nextAddress());
    expect(wrong.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(wrong.json()).toEqual(failure(AUTH_MESSAGES.invalidCredentials));
    expect(unknown.json()).toEqual(wrong.json());
    expect(AUTH_MESSAGES.invalidCredentials).toBe('The username or password is incorrect.');
  });

  it('answers in French when the request asks for French (the web app sends the language it shows)', async () => {
    const db = ctx.database.db;
    const user = await createUser(db);
    const pending = await createUser(db, { status: 'pending' });
    const login = (username: string, password: string, language: string) =>
      ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate', payload: { username, password }, remoteAddress: nextAddress(), headers: { 'accept-language': language } });
    expect((await login(user.username, 'wrong-password', 'fr')).json()).toEqual(failure('Le nom d’utilisateur ou le mot de passe est incorrect.'));
    expect((await login(user.username, 'wrong-password', 'en')).json()).toEqual(failure(AUTH_MESSAGES.invalidCredentials));
    expect((await login(pending.username, TEST_PASSWORD, 'fr-CA,fr;q=0.9')).json()).toEqual(failure('Votre compte n’a pas encore été approuvé.'));
    expect((await login(user.username, TEST_PASSWORD, 'fr')).json()).toMatchObject({ successful: true, error: null });
  });

  it('tells pending and disabled users why, but only once the password is right', async () => {
    const db = ctx.database.db;
    const pending = await createUser(db, { status: 'pending' });
    const disabled = await createUser(db, { status: 'disabled' });
    expect((await calls.login(pending.username, TEST_PASSWORD, nextAddress())).json()).toEqual(
      failure(AUTH_MESSAGES.awaitingApproval),
    );
    expect((await calls.login(disabled.username, TEST_PASSWORD, nextAddress())).json()).toEqual(
      failure(AUTH_MESSAGES.accountDisabled),
    );
    expect((await calls.login(pending.username, 'wrong-password', nextAddress())).json()).toEqual(
      failure(AUTH_MESSAGES.invalidCredentials),
    );
    expect((await calls.login(disabled.username, 'wrong-password', nextAddress())).json()).toEqual(
      failure(AUTH_MESSAGES.invalidCredentials),
    );
    expect(AUTH_MESSAGES.awaitingApproval).toBe('Your account has not yet been approved.');
  });

  it('refuses a user without a password (single sign-on only) like a wrong password', async () => {
    const user = await createUser(ctx.database.db, { password: null });
    expect((await calls.login(user.username, TEST_PASSWORD, nextAddress())).json()).toEqual(
      failure(AUTH_MESSAGES.invalidCredentials),
    );
  });

  it('does not guess between users who share an email: they sign in with their usernames', async () => {
    const db = ctx.database.db;
    const first = await createUser(db, { email: 'shared@example.com' });
    await createUser(db, { email: 'shared@example.com' });
    expect((await calls.login('shared@example.com', TEST_PASSWORD, nextAddress())).json()).toEqual(
      failure(AUTH_MESSAGES.invalidCredentials),
    );
    expect((await calls.login(first.username, TEST_PASSWORD, nextAddress())).json().successful).toBe(true);
  });

  it('records every attempt in the audit log without the password', async () => {
    const user = await createUser(ctx.database.db);
    await calls.login(user.username, 'Wrong-Secret-Value', '10.9.9.9');
    await calls.login(user.username, TEST_PASSWORD, '10.9.9.9');
    const entries = await auditEntries(ctx.database.db, 'auth.login', user.id);
    expect(entries.map((e) => e.details)).toEqual([
      { method: 'password', outcome: 'success', ip: '10.9.9.9', username: user.username },
      { method: 'password', outcome: 'invalid_credentials', ip: '10.9.9.9', username: user.username },
    ]);
    expect(entries.every((e) => e.actorUserId === user.id)).toBe(true);
    const everything = JSON.stringify((await ctx.database.db.select().from(auditLog)).map((e) => e.details));
    expect(everything).not.toContain('Wrong-Secret-Value');
    expect(everything).not.toContain(TEST_PASSWORD);
  });

  it('answers 400 with a clear message when a field is missing', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate', payload: { username: 'someone' } });
    expect(res.statusCode).toBe(400);
    // The body's fields by path too, so a form can show the message beside the field.
    expect(res.json()).toEqual({ error: expect.stringContaining('body.password'), fields: { password: expect.any(String) } });
  });
});

describe('login throttling', () => {
  const { limit } = THROTTLE_RULES.loginPerUsername;

  it(`answers 429 after ${limit} attempts on one username, from any address, until the window ends`, async () => {
    const user = await createUser(ctx.database.db);
    for (let i = 0; i < limit; i++) {
      expect((await calls.login(user.username, `wrong-${i}`, nextAddress())).statusCode).toBe(200);
    }
    const res = await calls.login(user.username.toUpperCase(), TEST_PASSWORD, nextAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'Too many login attempts. Please wait 15 minutes and try again.' });
    expect(res.headers['retry-after']).toBe('900');
    ctx.clock.advance(THROTTLE_RULES.loginPerUsername.windowMs);
    expect((await calls.login(user.username, TEST_PASSWORD, nextAddress())).json().successful).toBe(true);
  });

  it('forgets the failures of a username once it signs in', async () => {
    const user = await createUser(ctx.database.db);
    for (let i = 0; i < limit - 1; i++) await calls.login(user.username, `wrong-${i}`, nextAddress());
    expect((await calls.login(user.username, TEST_PASSWORD, nextAddress())).json().successful).toBe(true);
    for (let i = 0; i < limit; i++) {
      expect((await calls.login(user.username, `wrong-again-${i}`, nextAddress())).statusCode).toBe(200);
    }
    expect((await calls.login(user.username, TEST_PASSWORD, nextAddress())).statusCode).toBe(429);
  });

  it('counts guesses typed as the username and as the email against one counter per person', async () => {
    const user = await createUser(ctx.database.db);
    for (let i = 0; i < limit; i++) await calls.login(i % 2 ? user.email! : user.username.toUpperCase(), `wrong-${i}`, nextAddress());
    expect((await calls.login(user.username, TEST_PASSWORD, nextAddress())).statusCode).toBe(429);
    expect((await calls.login(user.email!, TEST_PASSWORD, nextAddress())).statusCode).toBe(429);
    ctx.clock.advance(THROTTLE_RULES.loginPerUsername.windowMs);
    expect((await calls.login(user.email!, TEST_PASSWORD, nextAddress())).json().successful).toBe(true);
  });

  it('counts an unknown name by its normalised text', async () => {
    for (let i = 0; i < limit; i++) await calls.login(i % 2 ? ' Ghost.User ' : 'ghost.user', `wrong-${i}`, nextAddress());
    expect((await calls.login('GHOST.USER', 'whatever', nextAddress())).statusCode).toBe(429);
  });

  it(`answers 429 after ${THROTTLE_RULES.loginPerAddress.limit} attempts from one address, whatever the usernames`, async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < THROTTLE_RULES.loginPerAddress.limit; i++) {
      const res = await calls.login(`sprayed-${i}`, 'Password123!', ip);
      expect(res.statusCode).toBe(200);
    }
    const user = await createUser(ctx.database.db);
    const res = await calls.login(user.username, TEST_PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many login attempts\. Please wait \d+ minutes? and try again\.$/);
    // Another address is not affected.
    expect((await calls.login(user.username, TEST_PASSWORD, nextAddress())).json().successful).toBe(true);
  });
});

describe('POST /a/v1/Authenticate/OneTimeLogin', () => {
  const issue = async (userId: bigint) => {
    const admin = await createUser(ctx.database.db, { roles: ['Admin'] });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/a/v1/Users/${userId}/one-time-login`,
      headers: bearer(await tokenFor(ctx.database.db, admin, { issuer: ctx.app.config.AUTH_ISSUER, now: ctx.clock.now() })),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; expiresAt: string };
  };

  it('signs the user in once; the same token then fails', async () => {
    const account = await createAccount(ctx.database.db);
    const user = await createUser(ctx.database.db, { accountIds: [account.id] });
    const { token, expiresAt } = await issue(user.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - ctx.clock.now().getTime()).toBe(ONE_TIME_LOGIN_TTL_MS);
    const first = (await calls.oneTimeLogin(token, nextAddress())).json();
    expect(first.successful).toBe(true);
    const { payload } = await verifySessionToken(ctx.app, first.token);
    expect(payload).toMatchObject({ sub: String(user.id), scopes: [`ac:${account.id}`] });
    expect((await calls.oneTimeLogin(token, nextAddress())).json()).toEqual(failure(AUTH_MESSAGES.loginLinkInvalid));
    const [audit] = await auditEntries(ctx.database.db, 'auth.login', user.id);
    expect(audit!.details).toMatchObject({ method: 'one_time_login', outcome: 'success' });
  });

  it('refuses an expired token', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await issue(user.id);
    ctx.clock.advance(ONE_TIME_LOGIN_TTL_MS);
    expect((await calls.oneTimeLogin(token, nextAddress())).json()).toEqual(failure(AUTH_MESSAGES.loginLinkInvalid));
  });

  it('refuses unknown and malformed tokens with the same text', async () => {
    expect((await calls.oneTimeLogin('A'.repeat(43), nextAddress())).json()).toEqual(failure(AUTH_MESSAGES.loginLinkInvalid));
    expect((await calls.oneTimeLogin('short', nextAddress())).json()).toEqual(failure(AUTH_MESSAGES.loginLinkInvalid));
  });

  it('refuses a user disabled after the token was issued', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await issue(user.id);
    await ctx.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await calls.oneTimeLogin(token, nextAddress())).json()).toEqual(failure(AUTH_MESSAGES.accountDisabled));
  });

  it('is throttled per address', async () => {
    const ip = '192.0.2.88';
    for (let i = 0; i < THROTTLE_RULES.tokenPerAddress.limit; i++) await calls.oneTimeLogin('B'.repeat(43), ip);
    const res = await calls.oneTimeLogin('B'.repeat(43), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: 'Too many attempts. Please wait 15 minutes and try again.' });
  });
});

describe('OpenAPI', () => {
  it('documents every auth route under /a/openapi.json, public ones without a bearer requirement', async () => {
    const res = await ctx.app.inject('/a/openapi.json');
    expect(res.statusCode).toBe(200);
    const { paths } = res.json() as { paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>> };
    expect(Object.keys(paths).sort()).toEqual([
      '/a/v1/ApiClients',
      '/a/v1/ApiClients/{id}/disable',
      '/a/v1/ApiClients/{id}/rotate-secret',
      '/a/v1/Authenticate',
      '/a/v1/Authenticate/Logout',
      '/a/v1/Authenticate/OneTimeLogin',
      '/a/v1/Authenticate/confirm',
      '/a/v1/Authenticate/confirm/passkey',
      '/a/v1/Authenticate/confirm/passkey-options',
      '/a/v1/Authenticate/passkey',
      '/a/v1/Authenticate/passkey-options',
      '/a/v1/Passkeys',
      '/a/v1/Passkeys/registration-options',
      '/a/v1/Passkeys/{id}',
      '/a/v1/Password/Change',
      '/a/v1/Password/CheckResetToken',
      '/a/v1/Password/ResetEmail',
      '/a/v1/Password/SetFromResetToken',
      '/a/v1/Sessions',
      '/a/v1/Sessions/revoke-others',
      '/a/v1/Sessions/{id}',
      '/a/v1/TwoFactor',
      '/a/v1/TwoFactor/disable',
      '/a/v1/TwoFactor/recovery-codes',
      '/a/v1/TwoFactor/totp/enable',
      '/a/v1/TwoFactor/totp/setup',
      '/a/v1/Users',
      '/a/v1/Users/{id}/approve',
      '/a/v1/Users/{id}/disable',
      '/a/v1/Users/{id}/lift-lockout',
      '/a/v1/Users/{id}/one-time-login',
      '/a/v1/Users/{id}/reset-two-factor',
      '/a/v1/oauth/token',
      '/a/v1/openid/callback',
      '/a/v1/openid/demo-login',
      '/a/v1/openid/microsoft-login',
      '/a/v1/openid/providers',
    ]);
    expect(paths['/a/v1/Authenticate']!.post!.tags).toEqual(['auth']);
    expect(paths['/a/v1/Authenticate']!.post!.security).toEqual([]);
    expect(paths['/a/v1/Password/Change']!.post!.security).toBeUndefined();
  });
});

describe('route table', () => {
  it('requires a session on exactly the signed-in auth routes', () => {
    const auth = ctx.app.routeTable.filter((r) => r.url.startsWith('/a/') && !r.url.endsWith('openapi.json'));
    const signedIn = auth.filter((r) => !r.public).map((r) => `${r.method} ${r.url}`);
    expect(signedIn.sort()).toEqual([
      'DELETE /a/v1/Passkeys/:id',
      'DELETE /a/v1/Sessions/:id',
      'GET /a/v1/ApiClients',
      'GET /a/v1/Passkeys',
      'GET /a/v1/Sessions',
      'GET /a/v1/TwoFactor',
      'GET /a/v1/Users',
      'POST /a/v1/ApiClients',
      'POST /a/v1/ApiClients/:id/disable',
      'POST /a/v1/ApiClients/:id/rotate-secret',
      'POST /a/v1/Authenticate/Logout',
      'POST /a/v1/Authenticate/confirm',
      'POST /a/v1/Authenticate/confirm/passkey',
      'POST /a/v1/Authenticate/confirm/passkey-options',
      'POST /a/v1/Passkeys',
      'POST /a/v1/Passkeys/registration-options',
      'POST /a/v1/Password/Change',
      'POST /a/v1/Sessions/revoke-others',
      'POST /a/v1/TwoFactor/disable',
      'POST /a/v1/TwoFactor/recovery-codes',
      'POST /a/v1/TwoFactor/totp/enable',
      'POST /a/v1/TwoFactor/totp/setup',
      'POST /a/v1/Users/:id/approve',
      'POST /a/v1/Users/:id/disable',
      'POST /a/v1/Users/:id/lift-lockout',
      'POST /a/v1/Users/:id/one-time-login',
      'POST /a/v1/Users/:id/reset-two-factor',
    ]);
    expect(
      auth
        .filter((r) => r.public)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'GET /a/.well-known/jwks.json',
      'GET /a/v1/openid/callback',
      'GET /a/v1/openid/demo-login',
      'GET /a/v1/openid/microsoft-login',
      'GET /a/v1/openid/providers',
      'POST /a/v1/Authenticate',
      'POST /a/v1/Authenticate/OneTimeLogin',
      'POST /a/v1/Authenticate/passkey',
      'POST /a/v1/Authenticate/passkey-options',
      'POST /a/v1/Password/CheckResetToken',
      'POST /a/v1/Password/ResetEmail',
      'POST /a/v1/Password/SetFromResetToken',
      'POST /a/v1/oauth/token',
    ]);
  });
});
