/** Headers agree and reach every answer: no framing, HSTS on https, no-store for personal answers, router errors included. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app';
import { bearer, createAccount, createUser, tokenFor } from '../../test/factories';

let http: TestContext;
let https: TestContext;
beforeAll(async () => {
  http = await buildTestApp();
  https = await buildTestApp({ config: { PUBLIC_ORIGIN: 'https://portal.example.com' } });
});
afterAll(async () => {
  await http.close();
  await https.close();
});

describe('security headers', () => {
  it('forbid framing in both headers, and send HSTS only when the public origin is https', async () => {
    const plain = await http.app.inject('/healthz');
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await https.app.inject('/healthz');
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('mark every signed-in answer no-store, errors included, and leave public documents cacheable as they choose', async () => {
    const account = await createAccount(http.database.db);
    const headers = bearer(await tokenFor(http.database.db, await createUser(http.database.db, { accountIds: [account.id] })));
    const details = await http.app.inject({ url: `/b/v1/Account/details/${account.id}`, headers });
    expect(details.statusCode).toBe(200);
    expect(details.headers['cache-control']).toBe('no-store');
    const missing = await http.app.inject({ url: '/b/v1/Invoice/details/999999', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const stylesheet = await http.app.inject('/b/v1/checkoutapi/sandbox-assets/checkout.css');
    expect(stylesheet.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each([
    ['a malformed percent-encoding', '/b/v1/Invoice/details/%E0%A4%A', 400, 'The address is not valid: it has a malformed percent-encoding.'],
    ['a path parameter over 100 characters', `/b/v1/Invoice/details/${'9'.repeat(101)}`, 414, 'The address is too long.'],
  ])('answer router errors (%s) like every other error, without echoing the path', async (_what, url, status, message) => {
    const res = await https.app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: message });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.body).not.toContain('Invoice');
  });
});
