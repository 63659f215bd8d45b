import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet } from 'jose';
import { buildTestApp, type TestContext } from '../test/app';
import { createUser, tokenFor } from '../test/factories';
import { BODY_LIMIT_BYTES } from './app';
import { createTokenVerifier } from './plugins/authenticate';
import { redactUrl } from './lib/logging';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('server basics', () => {
  it('answers liveness and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/b/v1/Nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such route: GET /b/v1/Nope' });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/a/v1/Authenticate', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('refuses prototype keys in JSON bodies', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/a/v1/Authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('__proto__');
  });

  it('answers oversize bodies with 413 and a clear message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/a/v1/Authenticate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(BODY_LIMIT_BYTES), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request body is too large.' });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the signing keys as a JWKS', async () => {
    const res = await ctx.app.inject('/a/.well-known/jwks.json');
    expect(res.statusCode).toBe(200);
    const { keys } = res.json() as { keys: { kid: string; alg: string; d?: string }[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]!.alg).toBe('EdDSA');
    expect(keys[0]!.d).toBeUndefined();
  });

  it('serves an OpenAPI document per service', async () => {
    const res = await ctx.app.inject('/b/openapi.json');
    expect(res.statusCode).toBe(200);
    const billing = res.json() as { openapi: string; paths: Record<string, Record<string, { responses?: object }>> };
    expect(billing.openapi).toBe('3.1.0');
    expect(billing.paths['/b/v1/Invoice/items']?.get?.responses).toHaveProperty('200');
    expect(billing.paths['/b/v1/Payment/customerpayment']).toHaveProperty('post');
    expect(Object.keys(billing.paths).every((path) => path.startsWith('/b/'))).toBe(true);
    const auth = (await ctx.app.inject('/a/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(auth.paths).toHaveProperty('/a/v1/Authenticate');
    expect(Object.keys(auth.paths).every((path) => path.startsWith('/a/'))).toBe(true);
    const provider = (await ctx.app.inject('/p/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes: Record<string, { type: string; flows?: { clientCredentials?: { tokenUrl: string } } }> };
    };
    expect(provider.paths['/p/v1/accounts/{externalId}']?.get?.security).toEqual([{ clientCredentials: ['accounts:write'] }]);
    expect(Object.keys(provider.paths).every((path) => path.startsWith('/p/'))).toBe(true);
    expect(provider.components.securitySchemes.clientCredentials?.flows?.clientCredentials?.tokenUrl).toBe('/a/v1/oauth/token');
  });
});

/** The rules the app verifies with: our issuer, sessions of at most 8 hours. */
const rules = (now: () => Date) => ({ issuer: 'http://localhost:3000/a', maxLifetimeSeconds: 480 * 60, now });

describe('session token verification', () => {
  it('accepts a token signed with the published keys and reads the caller from it', async () => {
    const user = await createUser(ctx.database.db, { roles: ['Staff'] });
    const token = await tokenFor(ctx.database.db, user, { accountIds: [7n, 9007199254740993n] });
    const jwks = (await ctx.app.inject('/a/.well-known/jwks.json')).json();
    const caller = await createTokenVerifier(createLocalJWKSet(jwks), rules(() => new Date()))(token);
    expect(caller).toEqual({
      userId: user.id,
      sessionId: expect.any(String),
      name: user.name,
      roles: ['Staff'],
      accountIds: [7n, 9007199254740993n],
      isStaff: true,
      isAdmin: false,
    });
  });

  it('rejects expired, tampered and foreign tokens with 401', async () => {
    const user = await createUser(ctx.database.db);
    const jwks = createLocalJWKSet((await ctx.app.inject('/a/.well-known/jwks.json')).json());
    const verify = createTokenVerifier(jwks, rules(() => new Date()));
    const expired = await tokenFor(ctx.database.db, user, { accountIds: [], ttlMinutes: 5, now: new Date(Date.now() - 3600_000) });
    await expect(verify(expired)).rejects.toMatchObject({ statusCode: 401, message: 'Your session has expired. Please log in again.' });
    const good = await tokenFor(ctx.database.db, user, { accountIds: [1n] });
    const [header, payload, signature] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), scopes: ['ac:2'] })).toString('base64url');
    await expect(verify(`${header}.${forged}.${signature}`)).rejects.toMatchObject({ statusCode: 401 });
    await expect(verify('not-a-token')).rejects.toMatchObject({ statusCode: 401 });
  });
  it('remembers a verified token but still refuses it once it expires', async () => {
    const user = await createUser(ctx.database.db);
    const jwks = createLocalJWKSet((await ctx.app.inject('/a/.well-known/jwks.json')).json());
    let at = new Date('2026-01-01T12:00:00Z');
    const verify = createTokenVerifier(jwks, rules(() => at));
    const token = await tokenFor(ctx.database.db, user, { accountIds: [3n], ttlMinutes: 10, now: at });
    await expect(verify(token)).resolves.toMatchObject({ accountIds: [3n] });
    at = new Date('2026-01-01T12:09:00Z');
    await expect(verify(token)).resolves.toMatchObject({ accountIds: [3n] });
    at = new Date('2026-01-01T12:10:01Z');
    await expect(verify(token)).rejects.toMatchObject({ statusCode: 401, message: 'Your session has expired. Please log in again.' });
  });
});

describe('log redaction', () => {
  it('removes secrets carried in query strings', () => {
    expect(redactUrl('/b/v1/documents/5/pdf?expires=1&sig=abc&x=1')).toBe('/b/v1/documents/5/pdf?expires=1&sig=[redacted]&x=1');
    expect(redactUrl('/a/v1/openid/callback?code=xyz&state=s')).toBe('/a/v1/openid/callback?code=[redacted]&state=[redacted]');
  });
});
