/**
 * The token endpoint as a standard OAuth client library (oauth4webapi) uses it: configured from the
 * issuer's RFC 8414 metadata, authenticating by HTTP Basic or form fields; wrong secrets throttled,
 * a rotated secret's grace period, a disabled client refused at once on every instance, scope narrowing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { parseJson, stringifyJson, type ApiClientCredentials, type ApiClientScope } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { auditEntries } from '../../../test/auth';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import type { App } from '../../app';
import { apiClients } from '../../db/schema';
import { notifyClientChange } from './client-gate';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
/** A fresh Admin session at the test clock's time (the clock moves past session lifetimes here). */
const adminHeaders = async () => bearer(await tokenFor(ctx.database.db, admin, { now: ctx.clock.now() }));
let as: oauth.AuthorizationServer;
const issuer = () => new URL(ctx.app.config.AUTH_ISSUER);

/** fetch() answered by the app in-process, from the address given (so throttling per address can be seen). */
const injectFetch =
  (app: App, remoteAddress = '127.0.0.1') =>
  async (url: string, init: { method?: string; headers?: Headers | Record<string, string>; body?: unknown }) => {
    const { pathname, search } = new URL(url);
    const res = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url: pathname + search,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      remoteAddress,
      ...(init.body === undefined ? {} : { payload: String(init.body) }),
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]),
    });
  };

const options = (app = ctx.app, address?: string) => ({ [oauth.customFetch]: injectFetch(app, address), [oauth.allowInsecureRequests]: true });

const createClient = async (scopes: ApiClientScope[], name = `BSS ${Math.random().toString(36).slice(2, 8)}`): Promise<ApiClientCredentials> => {
  const res = await ctx.app.inject({ method: 'POST', url: '/a/v1/ApiClients', headers: await adminHeaders(), payload: { name, scopes } });
  expect(res.statusCode, res.body).toBe(200);
  return parseJson(res.body) as ApiClientCredentials;
};

type Outcome = { ok: true; token: oauth.TokenEndpointResponse } | { ok: false; status: number; error: string | undefined; headers: Headers };

/** One client-credentials grant through oauth4webapi; its refusals as status and RFC 6749 error code. */
const grant = async (
  clientId: string,
  auth: oauth.ClientAuth,
  parameters: Record<string, string> = {},
  { app = ctx.app, address }: { app?: App; address?: string } = {},
): Promise<Outcome> => {
  const client: oauth.Client = { client_id: clientId };
  const response = await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams(parameters), options(app, address));
  try {
    return { ok: true, token: await oauth.processClientCredentialsResponse(as, client, response) };
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return { ok: false, status: error.status, error: error.error, headers: error.response.headers };
    // A 401 carries a WWW-Authenticate challenge, which the library raises before reading the body.
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      const body = (await error.response.json()) as { error?: string };
      return { ok: false, status: error.status, error: body.error, headers: error.response.headers };
    }
    throw error;
  }
};

const me = (token: string, app = ctx.app) => app.inject({ method: 'GET', url: '/p/v1/clients/me', headers: bearer(token) });
const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/a/v1/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(body).toString(),
  });

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await createUser(ctx.database.db, { roles: ['Admin'] });
  as = await oauth.processDiscoveryResponse(issuer(), await oauth.discoveryRequest(issuer(), { algorithm: 'oauth2', ...options() }));
});
afterAll(() => ctx.close());

describe('the issuer metadata (RFC 8414)', () => {
  it('names the token endpoint, the grant, both client authentication methods and every scope', () => {
    expect(as.issuer).toBe(ctx.app.config.AUTH_ISSUER);
    expect(as.token_endpoint).toBe(`${ctx.app.config.AUTH_ISSUER}/v1/oauth/token`);
    expect(as.grant_types_supported).toEqual(['client_credentials']);
    expect(as.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post']);
    expect(as.scopes_supported).toEqual(['accounts:write', 'invoices:write', 'usage:write', 'payments:write', 'events:read']);
  });
});

describe('issuing tokens', () => {
  it('answers a 15-minute bearer token for HTTP Basic credentials, with all the client’s scopes, uncached and audited', async () => {
    const { client, clientSecret } = await createClient(['usage:write', 'invoices:write'], 'Rating engine');
    const outcome = await grant(client.clientId, oauth.ClientSecretBasic(clientSecret));
    if (!outcome.ok) throw new Error(`refused: ${outcome.status} ${outcome.error}`);
    expect(outcome.token).toMatchObject({ token_type: 'bearer', expires_in: 900, scope: 'invoices:write usage:write' });
    const res = await me(outcome.token.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clientId: client.clientId, name: 'Rating engine', scopes: ['invoices:write', 'usage:write'] });
    const [entry] = await auditEntries(ctx.database.db, 'api_client.token_issued', client.id);
    expect(entry).toMatchObject({ actorUserId: null, actorClientId: BigInt(client.id), details: { name: 'Rating engine', scope: 'invoices:write usage:write', method: 'client_secret_basic' } });
    const raw = await form({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`${client.clientId}:${clientSecret}`).toString('base64')}` });
    expect(raw.headers['cache-control']).toBe('no-store');
    expect(raw.headers.pragma).toBe('no-cache');
  });

  it('takes the credentials as form fields too', async () => {
    const { client, clientSecret } = await createClient(['payments:write']);
    const outcome = await grant(client.clientId, oauth.ClientSecretPost(clientSecret));
    expect(outcome.ok && outcome.token.scope).toBe('payments:write');
    const [entry] = await auditEntries(ctx.database.db, 'api_client.token_issued', client.id);
    expect(entry?.details).toMatchObject({ method: 'client_secret_post' });
  });

  it('narrows the token to the scopes asked, and refuses a scope the client does not hold', async () => {
    const { client, clientSecret } = await createClient(['usage:write', 'invoices:write']);
    const narrowed = await grant(client.clientId, oauth.ClientSecretBasic(clientSecret), { scope: 'usage:write' });
    if (!narrowed.ok) throw new Error('refused');
    expect(narrowed.token.scope).toBe('usage:write');
    expect((await me(narrowed.token.access_token)).json()).toMatchObject({ scopes: ['usage:write'] });
    const refused = await grant(client.clientId, oauth.ClientSecretBasic(clientSecret), { scope: 'usage:write accounts:write' });
    expect(refused).toMatchObject({ ok: false, status: 400, error: 'invalid_scope' });
  });

  it('answers RFC 6749 errors for a grant it does not offer, a missing grant type, a JSON body and two methods at once', async () => {
    const { client, clientSecret } = await createClient(['events:read']);
    const basic = { authorization: `Basic ${Buffer.from(`${client.clientId}:${clientSecret}`).toString('base64')}` };
    expect((await form({ grant_type: 'password', username: 'x', password: 'y' }, basic)).json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect((await form({}, basic)).json()).toMatchObject({ error: 'invalid_request' });
    const both = await form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret }, basic);
    expect([both.statusCode, both.json().error]).toEqual([400, 'invalid_request']);
    const json = await ctx.app.inject({ method: 'POST', url: '/a/v1/oauth/token', headers: { ...basic, 'content-type': 'application/json' }, payload: stringifyJson({ grant_type: 'client_credentials' }) });
    expect([json.statusCode, json.json().error]).toEqual([400, 'invalid_request']);
    const anonymous = await form({ grant_type: 'client_credentials' });
    expect([anonymous.statusCode, anonymous.json().error]).toEqual([401, 'invalid_client']);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm=/);
  });
});

describe('wrong secrets', () => {
  it('are refused as invalid_client, and throttled like sign-ins: the 11th attempt in 15 minutes answers 429, the right secret too', async () => {
    const { client, clientSecret } = await createClient(['usage:write']);
    const failures: string[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      const outcome = await grant(client.clientId, oauth.ClientSecretBasic(`${clientSecret}x`), {}, { address: '10.0.0.7' });
      if (outcome.ok || outcome.status !== 401 || outcome.error !== 'invalid_client') failures.push(`attempt ${attempt}: ${JSON.stringify(outcome)}`);
    }
    expect(failures).toEqual([]);
    const throttled = await grant(client.clientId, oauth.ClientSecretBasic(clientSecret), {}, { address: '10.0.0.7' });
    expect(throttled).toMatchObject({ ok: false, status: 429, error: 'slow_down' });
    if (!throttled.ok) expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // A stranger guessing from elsewhere cannot lock the client out of its own address.
    expect((await grant(client.clientId, oauth.ClientSecretBasic(clientSecret), {}, { address: '10.0.0.8' })).ok).toBe(true);
    ctx.clock.advance(15 * 60_000 + 1);
    expect((await grant(client.clientId, oauth.ClientSecretBasic(clientSecret), {}, { address: '10.0.0.7' })).ok).toBe(true);
  });

  it('are refused alike for an unknown client id, so ids cannot be probed', async () => {
    const outcome = await grant('pc_unknown', oauth.ClientSecretBasic('pcs_whatever'));
    expect(outcome).toMatchObject({ ok: false, status: 401, error: 'invalid_client' });
  });
});

describe('rotating a secret', () => {
  const rotate = async (id: bigint, gracePeriodMinutes: number) =>
    ctx.app.inject({ method: 'POST', url: `/a/v1/ApiClients/${id}/rotate-secret`, headers: await adminHeaders(), payload: { gracePeriodMinutes } });

  it('keeps the old secret working for the grace period the Admin picked, then only the new one', async () => {
    const { client, clientSecret: oldSecret } = await createClient(['accounts:write'], 'Collections');
    const res = await rotate(client.id, 60);
    expect(res.statusCode, res.body).toBe(200);
    const rotated = parseJson(res.body) as ApiClientCredentials;
    expect(rotated.clientSecret).not.toBe(oldSecret);
    expect(rotated.client.previousSecretExpiresAt).toBe(new Date(ctx.clock.now().getTime() + 60 * 60_000).toISOString());
    expect((await grant(client.clientId, oauth.ClientSecretBasic(oldSecret))).ok).toBe(true);
    expect((await grant(client.clientId, oauth.ClientSecretBasic(rotated.clientSecret))).ok).toBe(true);
    ctx.clock.advance(60 * 60_000 + 1000);
    expect(await grant(client.clientId, oauth.ClientSecretBasic(oldSecret))).toMatchObject({ ok: false, status: 401, error: 'invalid_client' });
    expect((await grant(client.clientId, oauth.ClientSecretBasic(rotated.clientSecret))).ok).toBe(true);
    const [entry] = await auditEntries(ctx.database.db, 'api_client.rotate_secret', client.id);
    expect(entry?.details).toMatchObject({ name: 'Collections', gracePeriodMinutes: 60 });
  });

  it('ends the old secret at once with no grace period', async () => {
    const { client, clientSecret: oldSecret } = await createClient(['accounts:write']);
    const rotated = parseJson((await rotate(client.id, 0)).body) as ApiClientCredentials;
    expect(rotated.client.previousSecretExpiresAt).toBeNull();
    expect(await grant(client.clientId, oauth.ClientSecretBasic(oldSecret))).toMatchObject({ ok: false, status: 401 });
    expect((await grant(client.clientId, oauth.ClientSecretBasic(rotated.clientSecret))).ok).toBe(true);
  });
});

describe('disabling a client', () => {
  it('refuses its live tokens at once on every instance, and gives it no new ones', async () => {
    const second = await buildTestApp({ database: ctx.database, clock: ctx.clock });
    try {
      const { client, clientSecret } = await createClient(['usage:write'], 'Old BSS');
      const outcome = await grant(client.clientId, oauth.ClientSecretBasic(clientSecret));
      if (!outcome.ok) throw new Error('refused');
      expect((await me(outcome.token.access_token, second.app)).statusCode).toBe(200);
      const res = await ctx.app.inject({ method: 'POST', url: `/a/v1/ApiClients/${client.id}/disable`, headers: await adminHeaders() });
      expect([res.statusCode, res.json().status]).toEqual([200, 'disabled']);
      for (const app of [ctx.app, second.app]) {
        const refused = await me(outcome.token.access_token, app);
        expect([refused.statusCode, refused.json()]).toEqual([401, { error: 'This API client is disabled.' }]);
        expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
      }
      expect(await grant(client.clientId, oauth.ClientSecretBasic(clientSecret), {}, { app: second.app })).toMatchObject({ ok: false, status: 401, error: 'invalid_client' });
      const [entry] = await auditEntries(ctx.database.db, 'api_client.disable', client.id);
      expect(entry?.details).toMatchObject({ name: 'Old BSS' });
      expect((await ctx.app.inject({ method: 'POST', url: `/a/v1/ApiClients/${client.id}/disable`, headers: await adminHeaders() })).statusCode).toBe(409);
      expect((await ctx.app.inject({ method: 'POST', url: `/a/v1/ApiClients/${client.id}/rotate-secret`, headers: await adminHeaders(), payload: { gracePeriodMinutes: 0 } })).statusCode).toBe(409);
    } finally {
      await second.close();
    }
  });

  it('refuses a client another process disabled as soon as its notification arrives, though its state was remembered', async () => {
    const { client, clientSecret } = await createClient(['usage:write'], 'Remembered BSS');
    const outcome = await grant(client.clientId, oauth.ClientSecretBasic(clientSecret));
    if (!outcome.ok) throw new Error('refused');
    expect((await me(outcome.token.access_token)).statusCode).toBe(200);
    // What another process's disabling does to the database: the row and the NOTIFY, and nothing in this one's memory.
    await ctx.database.db.transaction(async (tx) => {
      await tx.update(apiClients).set({ disabledAt: ctx.clock.now() }).where(eq(apiClients.clientId, client.clientId));
      await notifyClientChange(tx, client.clientId);
    });
    await expect.poll(async () => (await me(outcome.token.access_token)).statusCode).toBe(401);
    expect((await me(outcome.token.access_token)).json()).toEqual({ error: 'This API client is disabled.' });
  });
});

describe('client tokens', () => {
  it('expire after 15 minutes', async () => {
    const { client, clientSecret } = await createClient(['usage:write']);
    const outcome = await grant(client.clientId, oauth.ClientSecretBasic(clientSecret));
    if (!outcome.ok) throw new Error('refused');
    ctx.clock.advance(15 * 60_000 + 1000);
    const res = await me(outcome.token.access_token);
    expect([res.statusCode, res.json()]).toEqual([401, { error: 'The access token has expired.' }]);
  });
});

describe('the Admin’s API clients', () => {
  it('shows the secret only when it is made: the list has none, and every creation is audited with the name', async () => {
    const { client, clientSecret } = await createClient(['events:read'], 'Event reader');
    const list = await ctx.app.inject({ method: 'GET', url: '/a/v1/ApiClients', headers: await adminHeaders() });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(clientSecret);
    expect((parseJson(list.body) as { clientId: string }[]).map((c) => c.clientId)).toContain(client.clientId);
    const [entry] = await auditEntries(ctx.database.db, 'api_client.create', client.id);
    expect(entry?.details).toMatchObject({ name: 'Event reader', scopes: ['events:read'], via: 'admin' });
  });

  it('refuses a client without scopes, with an unknown scope, or without a name, by field', async () => {
    for (const payload of [{ name: 'X', scopes: [] }, { name: 'X', scopes: ['billing:everything'] }, { name: ' ', scopes: ['usage:write'] }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/a/v1/ApiClients', headers: await adminHeaders(), payload });
      expect([res.statusCode, typeof res.json().error], JSON.stringify(payload)).toEqual([400, 'string']);
    }
  });
});
