/**
 * The demo's pending single sign-on user can be tried without an OpenID provider: outside production
 * the link start-up prints signs them in as the provider's callback would (the pending page, then,
 * once an Admin approved them, a session); production has no such link or route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { AUTH_MESSAGES } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { bearer, createAccount, createUser, tokenFor } from '../../../test/factories';
import { DEMO_SSO } from '../../db/seed/demo';
import { DEMO_USERNAMES } from '../../db/seed/demo-users';
import { auditLog, sessions, ssoIdentities } from '../../db/schema';
import { demoSignInLine } from './index';

const ORIGIN = 'http://localhost:3000';
const callback = (params: Record<string, string>) => `${ORIGIN}/login-callback#${new URLSearchParams(params).toString()}`;

describe('outside production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { PUBLIC_ORIGIN: ORIGIN } });
  });
  afterAll(() => ctx.close());

  /** The demo seed's pending user: no password, linked to the demo's Microsoft identity. */
  const demoPendingUser = async () => {
    const user = await createUser(ctx.database.db, {
      username: DEMO_USERNAMES.pending,
      email: DEMO_USERNAMES.pending,
      status: 'pending',
      password: null,
    });
    await ctx.database.db
      .insert(ssoIdentities)
      .values({ userId: user.id, issuer: DEMO_SSO.issuer, subject: DEMO_SSO.subject, email: DEMO_USERNAMES.pending });
    return user;
  };
  const follow = async (url: string) => {
    const { pathname, search } = new URL(url);
    return ctx.app.inject({ method: 'GET', url: `${pathname}${search}` });
  };

  it('walks the approval flow: the link lands on the pending page, and once an Admin approved them it signs them in, once', async () => {
    expect(await demoSignInLine(ctx.database.db, ctx.app.demoSignInUrl)).toBe(
      `${DEMO_USERNAMES.pending} awaits approval (single sign-on)`,
    );
    const user = await demoPendingUser();
    const link = ctx.app.demoSignInUrl!;
    expect(link).toMatch(new RegExp(`^${ORIGIN}/a/v1/openid/demo-login\\?token=[A-Za-z0-9_-]{43}$`));
    expect(await demoSignInLine(ctx.database.db, link)).toBe(
      `${DEMO_USERNAMES.pending} awaits approval by an Admin at /admin/users; sign in as them by single sign-on with this start's link: ${link}`,
    );

    // Pending: the page single sign-on lands a pending person on, as often as they try.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const pending = await follow(link);
      expect(pending.statusCode).toBe(302);
      expect(pending.headers.location).toBe(callback({ error: 'pending', error_description: AUTH_MESSAGES.awaitingApproval }));
      expect(pending.headers['cache-control']).toBe('no-store');
    }
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(0);

    const admin = await createUser(ctx.database.db, { roles: ['Admin'] });
    const account = await createAccount(ctx.database.db);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/a/v1/Users/${user.id}/approve`,
      headers: bearer(await tokenFor(ctx.database.db, admin)),
      payload: { accountIds: [account.id.toString()] },
    });
    expect(approved.statusCode).toBe(200);

    const signedIn = await follow(link);
    expect(signedIn.statusCode).toBe(302);
    const landing = new URL(signedIn.headers.location as string);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${ORIGIN}/login-callback`);
    const token = new URLSearchParams(landing.hash.slice(1)).get('token')!;
    expect(decodeJwt(token)).toMatchObject({ sub: user.id.toString(), scopes: expect.arrayContaining([`ac:${account.id}`]) });
    // Audited as single sign-on by the demo's issuer, each attempt.
    const audited = (await ctx.database.db.select().from(auditLog).orderBy(auditLog.id)).filter(
      (entry) => entry.action === 'auth.login' && entry.entityId === user.id.toString(),
    );
    expect(audited.map((entry) => entry.details)).toEqual(
      ['pending', 'pending', 'success'].map((outcome) =>
        expect.objectContaining({ method: 'sso', issuer: DEMO_SSO.issuer, outcome }),
      ),
    );

    // Spent once it signed someone in.
    const again = await follow(link);
    expect(again.headers.location).toBe(callback({ error: 'failed', error_description: AUTH_MESSAGES.loginLinkInvalid }));
  });

  it('signs nobody in with another token, and answers 400 without one', async () => {
    const wrong = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/demo-login?token=not-the-printed-one' });
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toBe(callback({ error: 'failed', error_description: AUTH_MESSAGES.loginLinkInvalid }));
    const missing = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/demo-login' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: expect.stringContaining('token') });
  });
});

describe('in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.com' } });
  });
  afterAll(() => ctx.close());

  it('offers no link and no route', async () => {
    expect(ctx.app.demoSignInUrl).toBeNull();
    expect(await demoSignInLine(ctx.database.db, ctx.app.demoSignInUrl)).toBe(
      `${DEMO_USERNAMES.pending} awaits approval (single sign-on)`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/a/v1/openid/demo-login?token=anything' });
    expect(res.statusCode).toBe(404);
    expect(ctx.app.routeTable.some((r) => r.url === '/a/v1/openid/demo-login')).toBe(false);
  });
});
