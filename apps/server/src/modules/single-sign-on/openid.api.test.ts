import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { createAccount, createUser } from '../../../test/factories';
import { verifySessionToken } from '../../../test/auth';
import { startOidcProvider, type TestOidcProvider, type TestPerson } from '../../../test/oidc-provider';
import { ssoIdentities, users } from '../../db/schema';

const ORIGIN = 'http://portal.test';
const CALLBACK_PAGE = `${ORIGIN}/login-callback`;
const REDIRECT_URI = `${ORIGIN}/a/v1/openid/callback`;

interface Landing {
  page: string;
  params: URLSearchParams;
}

/** Drives a whole sign-on like a browser: our start route, the provider's pages, our callback. */
const signOn = async (
  ctx: TestContext,
  provider: TestOidcProvider,
  person: TestPerson,
  returnUrl = CALLBACK_PAGE,
): Promise<Landing> => {
  const start = await ctx.app.inject({
    method: 'GET',
    url: `/a/v1/openid/microsoft-login?returnUrl=${encodeURIComponent(returnUrl)}`,
  });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  provider.signInAs(person);
  const back = await provider.authorize(String(start.headers.location));
  return callback(ctx, `${back.pathname}${back.search}`, cookie);
};

const callback = async (ctx: TestContext, url: string, cookie: string | null): Promise<Landing> => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  expect(res.headers['set-cookie']).toContain('Max-Age=0');
  const location = new URL(String(res.headers.location));
  return { page: `${location.origin}${location.pathname}`, params: new URLSearchParams(location.hash.slice(1)) };
};

const oidcConfig = (provider: TestOidcProvider) => ({
  PUBLIC_ORIGIN: ORIGIN,
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
});

describe('single sign-on against a real OpenID Connect provider', () => {
  let provider: TestOidcProvider;
  let ctx: TestContext;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: REDIRECT_URI });
    ctx = await buildTestApp({ config: oidcConfig(provider) });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  it('redirects to the provider with PKCE (S256), state, nonce and our callback, in an encrypted cookie', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/a/v1/openid/microsoft-login?returnUrl=${encodeURIComponent(CALLBACK_PAGE)}`,
    });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^portal_sso=[^;]+; Path=\/a\/v1\/openid; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // The cookie is encrypted: neither the state nor the verifier can be read from it.
    expect(cookie).not.toContain(url.searchParams.get('state'));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('signs in an active user found by verified email: token with their scopes, identity linked', async () => {
    const account = await createAccount(ctx.database.db);
    const user = await createUser(ctx.database.db, {
      email: 'Active.Person@Example.com',
      accountIds: [account.id],
      roles: ['Staff'],
    });
    const landing = await signOn(ctx, provider, {
      sub: 'sub-active',
      email: 'active.person@example.com',
      email_verified: true,
      name: 'Active Person',
    });
    expect(landing.page).toBe(CALLBACK_PAGE);
    expect(landing.params.get('error')).toBeNull();
    const { payload } = await verifySessionToken(ctx.app, landing.params.get('token')!);
    expect(payload).toMatchObject({ sub: String(user.id), scopes: [`ac:${account.id}`], roles: ['Staff'], iss: `${ORIGIN}/a` });
    const links = await ctx.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, user.id));
    expect(links).toMatchObject([{ issuer: provider.issuer, subject: 'sub-active', email: 'active.person@example.com' }]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt).not.toBeNull();

    // Next time the link is used, even if the provider's email has changed meanwhile.
    const again = await signOn(ctx, provider, { sub: 'sub-active', email: 'renamed@example.com', email_verified: true });
    expect((await verifySessionToken(ctx.app, again.params.get('token')!)).payload.sub).toBe(String(user.id));
  });

  it('registers an unknown person as a pending user and lands on #error=pending', async () => {
    const landing = await signOn(ctx, provider, {
      sub: 'sub-new',
      email: 'New.Person@Example.com',
      email_verified: true,
      name: 'New Person',
    });
    expect(landing.page).toBe(CALLBACK_PAGE);
    expect(Object.fromEntries(landing.params)).toEqual({ error: 'pending', error_description: AUTH_MESSAGES.awaitingApproval });
    const [created] = await ctx.database.db.select().from(users).where(eq(users.username, 'new.person@example.com'));
    expect(created).toMatchObject({
      email: 'new.person@example.com',
      name: 'New Person',
      status: 'pending',
      passwordHash: null,
      roles: [],
    });
    const links = await ctx.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, created!.id));
    expect(links).toMatchObject([{ issuer: provider.issuer, subject: 'sub-new' }]);

    // Signing in again while pending: the same answer, no second user.
    const again = await signOn(ctx, provider, { sub: 'sub-new', email: 'new.person@example.com', email_verified: true });
    expect(again.params.get('error')).toBe('pending');
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'new.person@example.com'))).toHaveLength(1);
  });

  it('lands a disabled user on #error=disabled', async () => {
    await createUser(ctx.database.db, { email: 'gone@example.com', status: 'disabled' });
    const landing = await signOn(ctx, provider, { sub: 'sub-gone', email: 'gone@example.com', email_verified: true });
    expect(Object.fromEntries(landing.params)).toEqual({ error: 'disabled', error_description: AUTH_MESSAGES.accountDisabled });
  });

  it('never links or registers by an unverified email', async () => {
    const victim = await createUser(ctx.database.db, { email: 'victim@example.com' });
    const landing = await signOn(ctx, provider, { sub: 'sub-attacker', email: 'victim@example.com', email_verified: false });
    expect(Object.fromEntries(landing.params)).toEqual({ error: 'failed', error_description: AUTH_MESSAGES.ssoEmailUnverified });
    expect(await ctx.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, victim.id))).toEqual([]);
    expect(await ctx.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'sub-attacker'))).toEqual([]);
  });

  it('goes back to the default /login-callback when no returnUrl is given, and accepts a relative one', async () => {
    await createUser(ctx.database.db, { email: 'plain@example.com' });
    const start = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/microsoft-login' });
    expect(start.statusCode).toBe(302);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    provider.signInAs({ sub: 'sub-plain', email: 'plain@example.com', email_verified: true });
    const back = await provider.authorize(String(start.headers.location));
    const landing = await callback(ctx, `${back.pathname}${back.search}`, cookie);
    expect(landing.page).toBe(CALLBACK_PAGE);
    expect(landing.params.get('token')).toBeTruthy();
    const relative = await signOn(
      ctx,
      provider,
      { sub: 'sub-plain', email: 'plain@example.com', email_verified: true },
      '/login-callback',
    );
    expect(relative.page).toBe(CALLBACK_PAGE);
  });

  it.each([
    ['another origin', 'https://evil.example/login-callback'],
    ['a protocol-relative URL', '//evil.example/login-callback'],
    ['another page of ours', `${ORIGIN}/dashboard`],
    ['credentials in the URL', 'http://portal.test@evil.example/login-callback'],
    ['a script URL', 'javascript:alert(1)'],
  ])('refuses a returnUrl on %s with 400', async (_case, returnUrl) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/a/v1/openid/microsoft-login?returnUrl=${encodeURIComponent(returnUrl)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'returnUrl must be a /login-callback address on this site.' });
    expect(res.headers.location).toBeUndefined();
  });

  it('fails a callback without the sign-in cookie (another browser replaying the code)', async () => {
    await createUser(ctx.database.db, { email: 'replay@example.com' });
    const start = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/microsoft-login' });
    provider.signInAs({ sub: 'sub-replay', email: 'replay@example.com', email_verified: true });
    const back = await provider.authorize(String(start.headers.location));
    const landing = await callback(ctx, `${back.pathname}${back.search}`, null);
    expect(Object.fromEntries(landing.params)).toEqual({ error: 'failed', error_description: AUTH_MESSAGES.ssoFailed });
  });

  it("fails a callback whose state is not the cookie's (login CSRF)", async () => {
    await createUser(ctx.database.db, { email: 'csrf@example.com' });
    const attackerStart = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/microsoft-login' });
    provider.signInAs({ sub: 'sub-csrf', email: 'csrf@example.com', email_verified: true });
    const attackerBack = await provider.authorize(String(attackerStart.headers.location));
    const victimStart = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/microsoft-login' });
    const victimCookie = String(victimStart.headers['set-cookie']).split(';')[0]!;
    const landing = await callback(ctx, `${attackerBack.pathname}${attackerBack.search}`, victimCookie);
    expect(landing.params.get('error')).toBe('failed');
    expect(landing.params.get('token')).toBeNull();
  });

  it('fails when the provider reports an error, without echoing its text', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/microsoft-login' });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const landing = await callback(
      ctx,
      `/a/v1/openid/callback?error=access_denied&error_description=Click%20evil.example&state=${state}`,
      cookie,
    );
    expect(Object.fromEntries(landing.params)).toEqual({ error: 'failed', error_description: AUTH_MESSAGES.ssoFailed });
  });
});

describe('single sign-on with claims served from userinfo only', () => {
  it('reads email and email_verified from the userinfo endpoint', async () => {
    const provider = await startOidcProvider({ redirectUri: REDIRECT_URI, claimsInIdToken: false });
    const ctx = await buildTestApp({ config: oidcConfig(provider) });
    try {
      const user = await createUser(ctx.database.db, { email: 'userinfo@example.com' });
      const landing = await signOn(ctx, provider, { sub: 'sub-userinfo', email: 'userinfo@example.com', email_verified: true });
      expect((await verifySessionToken(ctx.app, landing.params.get('token')!)).payload.sub).toBe(String(user.id));
    } finally {
      await ctx.close();
      await provider.close();
    }
  });
});

describe('single sign-on with an unreachable provider', () => {
  it('lands on #error=failed instead of an error page', async () => {
    const ctx = await buildTestApp({
      config: { PUBLIC_ORIGIN: ORIGIN, OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' },
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/microsoft-login' });
      expect(res.statusCode).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(CALLBACK_PAGE);
      expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
        error: 'failed',
        error_description: AUTH_MESSAGES.ssoFailed,
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});

describe('single sign-on not configured', () => {
  it('lists no provider, and both routes land on /login-callback#error=… with a readable message', async () => {
    const ctx = await buildTestApp({ config: { PUBLIC_ORIGIN: ORIGIN } });
    try {
      const providers = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/providers' });
      expect(providers.statusCode).toBe(200);
      expect(providers.json()).toEqual({ providers: [] });
      for (const url of ['/a/v1/openid/microsoft-login?returnUrl=%2Flogin-callback', '/a/v1/openid/callback?code=x&state=y']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(302);
        const location = new URL(String(res.headers.location));
        expect(`${location.origin}${location.pathname}`).toBe(CALLBACK_PAGE);
        expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
          error: 'failed',
          error_description: 'Single sign-on is not configured.',
        });
      }
    } finally {
      await ctx.close();
    }
  });
});

describe('single sign-on configured', () => {
  it('lists Microsoft as the provider', async () => {
    const ctx = await buildTestApp({
      config: { PUBLIC_ORIGIN: ORIGIN, OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' },
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/providers' });
      expect(res.json()).toEqual({ providers: [{ id: 'microsoft', name: 'Microsoft' }] });
    } finally {
      await ctx.close();
    }
  });
});
