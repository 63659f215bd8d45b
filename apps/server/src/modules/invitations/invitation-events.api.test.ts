/**
 * People's events from the real actions: an invitation accepted by setting its password or by signing in with
 * single sign-on (the local OpenID provider; the invited person then reaches the account), a person who already
 * signs in added, and a person removed. Inviting again records nothing new.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalEvent } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { authCalls } from '../../../test/auth';
import { feedCaughtUp } from '../../../test/event-feed';
import { bearer, createAccount, createUser } from '../../../test/factories';
import { startOidcProvider, type TestOidcProvider, type TestPerson } from '../../../test/oidc-provider';
import { mailParts, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp';

const ORIGIN = 'http://portal.test';
const CALLBACK_PAGE = `${ORIGIN}/login-callback`;
const NEW_PASSWORD = 'Harbour-Lantern-Quill-58';

let ctx: TestContext;
let smtp: TestSmtpServer;
let provider: TestOidcProvider;
let writer: string;
let reader: string;
let accounts = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  provider = await startOidcProvider({ redirectUri: `${ORIGIN}/a/v1/openid/callback` });
  ctx = await buildTestApp({
    config: {
      PUBLIC_ORIGIN: ORIGIN,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Billing Portal <no-reply@portal.test>',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    },
  });
  writer = await clientTokenFor(ctx, ['accounts:write']);
  reader = await clientTokenFor(ctx, ['events:read']);
});
afterAll(async () => {
  await ctx.close();
  await provider.close();
  await smtp.close();
});

const providerAccount = async () => {
  const externalId = `PPL-${++accounts}`;
  return { ...(await createAccount(ctx.database.db, { externalId })), externalId };
};

const invite = (externalId: string, email: string, name: string) =>
  ctx.app.inject({ method: 'POST', url: `/p/v1/accounts/${externalId}/invitations`, headers: bearer(writer), payload: { email, name } });

const eventsOf = async (externalId: string): Promise<PortalEvent[]> => {
  await feedCaughtUp(ctx.database);
  const res = await ctx.app.inject({ url: '/p/v1/events?limit=1000&types=person.joined,person.removed', headers: bearer(reader) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: PortalEvent[] }>().data.filter((e) => e.accountExternalId === externalId);
};

const invitationToken = async (email: string): Promise<string> => {
  const mail = await smtp.nextMail(10_000, (m: ReceivedMail) => m.to.map((a) => a.toLowerCase()).includes(email));
  const token = /#invite=([A-Za-z0-9_-]+)/.exec(mailParts(mail.raw).parts['text/plain'] ?? '')?.[1];
  if (!token) throw new Error(`No invitation link in:\n${mail.raw}`);
  return token;
};

/** A whole single sign-on like a browser: our start route, the provider's pages, our callback; the landing's hash. */
const signOn = async (person: TestPerson): Promise<URLSearchParams> => {
  const start = await ctx.app.inject({ method: 'GET', url: `/a/v1/openid/microsoft-login?returnUrl=${encodeURIComponent(CALLBACK_PAGE)}` });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  provider.signInAs(person);
  const back = await provider.authorize(String(start.headers.location));
  const res = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  expect(res.statusCode).toBe(302);
  return new URLSearchParams(new URL(String(res.headers.location)).hash.slice(1));
};

const accountIdsOf = async (token: string): Promise<string[]> => {
  const res = await ctx.app.inject({ url: '/b/v1/Account/names', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { value: { accountId: string | number }[] }).value.map((a) => String(a.accountId));
};

describe('person.joined and person.removed', () => {
  it('an invitation accepted by setting its password: person.joined by the person, once', async () => {
    const account = await providerAccount();
    expect((await invite(account.externalId, 'nadia.events@example.com', 'Nadia Events')).json()).toMatchObject({ status: 'invited' });
    // Invited is not joined yet.
    expect(await eventsOf(account.externalId)).toEqual([]);
    const token = await invitationToken('nadia.events@example.com');
    expect((await authCalls(ctx.app).setFromResetToken(token, NEW_PASSWORD)).json()).toEqual({ successful: true, error: null });
    expect(await eventsOf(account.externalId)).toEqual([
      expect.objectContaining({
        type: 'person.joined',
        actor: { kind: 'person', name: 'Nadia Events' },
        data: { email: 'nadia.events@example.com', name: 'Nadia Events', via: 'invitation' },
      }),
    ]);
  });

  it('an invitation accepted by signing in with single sign-on: the person reaches the account, and person.joined is recorded', async () => {
    const account = await providerAccount();
    expect((await invite(account.externalId, 'sam.sso@example.com', 'Sam Single')).json()).toMatchObject({ status: 'invited' });
    const landing = await signOn({ sub: 'sub-sam', email: 'Sam.SSO@example.com', email_verified: true, name: 'Sam Single' });
    expect(landing.get('error')).toBeNull();
    const session = landing.get('token');
    expect(session).toBeTruthy();
    expect(await accountIdsOf(session!)).toEqual([String(account.id)]);
    // Signing on again is no second acceptance.
    expect((await signOn({ sub: 'sub-sam', email: 'sam.sso@example.com', email_verified: true })).get('token')).toBeTruthy();
    expect(await eventsOf(account.externalId)).toEqual([
      expect.objectContaining({ type: 'person.joined', actor: { kind: 'person', name: 'Sam Single' }, data: { email: 'sam.sso@example.com', name: 'Sam Single', via: 'invitation' } }),
    ]);
  });

  it('a person who already signs in added by the provider, invited again, then removed: person.joined, person.removed, by the client', async () => {
    const account = await providerAccount();
    await createUser(ctx.database.db, { email: 'riley.known@example.com', name: 'Riley Known' });
    for (let i = 0; i < 2; i++) expect((await invite(account.externalId, 'riley.known@example.com', 'Riley Known')).json()).toMatchObject({ status: 'added' });
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/p/v1/accounts/${account.externalId}/people/riley.known%40example.com`, headers: bearer(writer) });
    expect(removed.statusCode).toBe(204);
    const client = { kind: 'client', name: 'Test client accounts:write' };
    expect((await eventsOf(account.externalId)).map(({ type, actor, data }) => ({ type, actor, data }))).toEqual([
      { type: 'person.joined', actor: client, data: { email: 'riley.known@example.com', name: 'Riley Known', via: 'added' } },
      { type: 'person.removed', actor: client, data: { email: 'riley.known@example.com' } },
    ]);
  });

  it('a disabled or pending person added and removed by the provider: no event, as they reach the account only once approved', async () => {
    const account = await providerAccount();
    await createUser(ctx.database.db, { email: 'dale.disabled@example.com', name: 'Dale Disabled', status: 'disabled' });
    await createUser(ctx.database.db, { email: 'pia.pending@example.com', name: 'Pia Pending', status: 'pending' });
    for (const email of ['dale.disabled@example.com', 'pia.pending@example.com']) {
      expect((await invite(account.externalId, email, 'Someone')).json()).toMatchObject({ status: 'added' });
      const removed = await ctx.app.inject({ method: 'DELETE', url: `/p/v1/accounts/${account.externalId}/people/${encodeURIComponent(email)}`, headers: bearer(writer) });
      expect(removed.statusCode).toBe(204);
    }
    expect(await eventsOf(account.externalId)).toEqual([]);
  });
});
