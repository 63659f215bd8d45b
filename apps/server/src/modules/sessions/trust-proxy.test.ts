/**
 * The client's address comes from `X-Forwarded-For` only when TRUST_PROXY names the proxy: without
 * it, a client rotating the header neither escapes the per-address sign-in limit nor writes invented
 * addresses into the audit log.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../../test/app';
import { THROTTLE_RULES } from './throttle';

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

const attempt = (app: TestContext['app'], i: number, forwardedFor: string, remoteAddress = '198.51.100.9') =>
  app.inject({
    method: 'POST',
    url: '/a/v1/Authenticate',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: `nobody-${i}`, password: 'wrong password' },
  });

const auditedAddresses = async (c: TestContext) =>
  (await c.database.db.execute<{ ip: string }>(sql`select distinct details->>'ip' as ip from audit_log where action = 'auth.login'`)).rows.map((r) => r.ip);

describe('TRUST_PROXY', () => {
  it('is off by default: a rotated X-Forwarded-For does not reset the per-address limit, and the socket address is audited', async () => {
    ctx = await buildTestApp();
    const limit = THROTTLE_RULES.loginPerAddress.limit;
    for (let i = 0; i < limit; i += 1) expect((await attempt(ctx.app, i, `203.0.113.${i % 250}`)).statusCode).toBe(200);
    const over = await attempt(ctx.app, limit, '192.0.2.77');
    expect(over.statusCode).toBe(429);
    expect(await auditedAddresses(ctx)).toEqual(['198.51.100.9']);
  });

  it('with the proxy named, uses the address it forwarded', async () => {
    ctx = await buildTestApp({ config: { TRUST_PROXY: ['198.51.100.0/24'] } });
    expect((await attempt(ctx.app, 1, '203.0.113.7')).statusCode).toBe(200);
    expect(await auditedAddresses(ctx)).toEqual(['203.0.113.7']);
  });

  it('with a hop count, believes that many proxies and no more', async () => {
    ctx = await buildTestApp({ config: { TRUST_PROXY: 1 } });
    await attempt(ctx.app, 1, '192.0.2.1, 203.0.113.8');
    expect(await auditedAddresses(ctx)).toEqual(['203.0.113.8']);
  });
});
