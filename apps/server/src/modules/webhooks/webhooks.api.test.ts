/**
 * The webhook rows over HTTP: the provider API's register (201 `{id, secret}`), list and delete with
 * `events:read`, and the Admin's Webhooks screen calls (register, rotate, test event, disable/enable,
 * deliveries with filters, attempts, replays), each validated with field paths and audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseJson, stringifyJson, type WebhookDelivery, type WebhookEndpoint } from '@portal/contract';
import { buildTestApp, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { auditEntries } from '../../../test/auth';
import { bearer, createAccount, createUser, tokenFor } from '../../../test/factories';
import { auditLog, webhookDeliveries } from '../../db/schema';
import { jobActor, recordEvent } from '../../lib/events';

let ctx: TestContext;
let client: string;
let adminToken: string;
let adminId: bigint;

beforeAll(async () => {
  ctx = await buildTestApp();
  client = await clientTokenFor(ctx, ['events:read']);
  const admin = await createUser(ctx.database.db, { roles: ['Admin'] });
  adminId = admin.id;
  adminToken = await tokenFor(ctx.database.db, admin);
});
afterAll(() => ctx.close());

const call = async (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: stringifyJson(body) }),
  });
  return { status: res.statusCode, body: res.body ? (parseJson(res.body) as Record<string, unknown>) : null };
};

const hook = { url: 'https://hooks.example.com/portal', events: ['payment.succeeded', 'invoice.posted'], description: 'Ledger' };

describe('the provider API’s webhook endpoints', () => {
  it('registers one: 201 with its id and a whsec_ secret, audited with the client', async () => {
    const res = await call(client, 'POST', '/p/v1/webhook-endpoints', hook);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body!).sort()).toEqual(['id', 'secret']);
    expect(res.body!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [entry] = await auditEntries(ctx.database.db, 'webhook_endpoint.register', BigInt(String(res.body!.id)));
    expect(entry!.actorClientId).not.toBeNull();
    expect(JSON.stringify(entry!.details)).not.toContain(String(res.body!.secret));
  });

  it.each([
    [{ ...hook, url: 'ftp://hooks.example.com' }, 'url', 'Must be an http:// or https:// URL'],
    [{ ...hook, url: 'not a url' }, 'url', 'Must be an http:// or https:// URL'],
    [{ ...hook, events: [] }, 'events', 'Choose at least one event type'],
    [{ ...hook, events: ['payment.teleported'] }, 'events.0', 'Unknown event type'],
    [{ ...hook, description: 'x'.repeat(201) }, 'description', 'Must be at most 200 characters'],
  ])('refuses %j with 400 on its field', async (body, field, message) => {
    const res = await call(client, 'POST', '/p/v1/webhook-endpoints', body);
    expect(res.status).toBe(400);
    expect((res.body!.fields as Record<string, string>)[field]).toBe(message);
  });

  it('lists the endpoints without secrets, and deletes one: gone from the list, 404 again', async () => {
    const created = await call(client, 'POST', '/p/v1/webhook-endpoints', { ...hook, description: 'To delete' });
    const id = String(created.body!.id);
    const listed = await call(client, 'GET', '/p/v1/webhook-endpoints');
    expect(listed.status).toBe(200);
    const data = listed.body!.data as Record<string, unknown>[];
    expect(data.find((e) => String(e.id) === id)).toMatchObject({ url: hook.url, events: ['payment.succeeded', 'invoice.posted'], description: 'To delete', status: 'active' });
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');

    expect((await call(client, 'DELETE', `/p/v1/webhook-endpoints/${id}`)).status).toBe(204);
    expect(((await call(client, 'GET', '/p/v1/webhook-endpoints')).body!.data as Record<string, unknown>[]).some((e) => String(e.id) === id)).toBe(false);
    expect((await call(client, 'DELETE', `/p/v1/webhook-endpoints/${id}`)).status).toBe(404);
    expect(await auditEntries(ctx.database.db, 'webhook_endpoint.delete', BigInt(id))).toHaveLength(1);
  });

  it('needs the events:read scope', async () => {
    const other = await clientTokenFor(ctx, ['accounts:write']);
    expect((await call(other, 'POST', '/p/v1/webhook-endpoints', hook)).status).toBe(403);
    expect((await call(other, 'GET', '/p/v1/webhook-endpoints')).status).toBe(403);
  });
});

describe('the Admin’s Webhooks screen', () => {
  const register = async () => {
    const res = await call(adminToken, 'POST', '/b/v1/Webhooks/endpoints', { ...hook, orderedPerAccount: true });
    expect(res.status).toBe(201);
    return res.body as { endpoint: WebhookEndpoint; secret: string };
  };

  it('registers (secret shown once), lists, rotates with an overlap, disables and enables, each audited', async () => {
    const { endpoint, secret } = await register();
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ orderedPerAccount: true, status: 'active', previousSecretExpiresAt: null });
    const list = await call(adminToken, 'GET', '/b/v1/Webhooks/endpoints');
    expect((list.body as unknown as WebhookEndpoint[]).some((e) => String(e.id) === String(endpoint.id))).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    const rotated = await call(adminToken, 'POST', `/b/v1/Webhooks/endpoints/${endpoint.id}/rotate-secret`, { overlapMinutes: 90 });
    expect(rotated.status).toBe(200);
    expect(rotated.body!.secret).not.toBe(secret);
    expect((rotated.body!.endpoint as WebhookEndpoint).previousSecretExpiresAt).toBe(new Date(ctx.clock.now().getTime() + 90 * 60_000).toISOString());
    const badOverlap = await call(adminToken, 'POST', `/b/v1/Webhooks/endpoints/${endpoint.id}/rotate-secret`, { overlapMinutes: -1 });
    expect(badOverlap).toMatchObject({ status: 400, body: { fields: { overlapMinutes: 'Overlap cannot be negative' } } });

    const disabled = await call(adminToken, 'POST', `/b/v1/Webhooks/endpoints/${endpoint.id}/disable`);
    expect(disabled.body).toMatchObject({ status: 'disabled', disabledReason: 'admin' });
    expect((await call(adminToken, 'POST', `/b/v1/Webhooks/endpoints/${endpoint.id}/test`)).status).toBe(409);
    const enabled = await call(adminToken, 'POST', `/b/v1/Webhooks/endpoints/${endpoint.id}/enable`);
    expect(enabled.body).toMatchObject({ status: 'active', disabledReason: null, disabledAt: null });

    const actions = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(endpoint.id))))
      .filter((e) => e.entity === 'webhook_endpoint')
      .map((e) => [e.action, e.actorUserId]);
    expect(actions).toEqual([
      ['webhook_endpoint.register', adminId],
      ['webhook_endpoint.rotate_secret', adminId],
      ['webhook_endpoint.disable', adminId],
      ['webhook_endpoint.enable', adminId],
    ]);
  });

  it('queues a test event, lists deliveries with filters, and replays one or every failed one of a range', async () => {
    const { endpoint } = await register();
    const test = await call(adminToken, 'POST', `/b/v1/Webhooks/endpoints/${endpoint.id}/test`);
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    const account = await createAccount(ctx.database.db);
    const eventId = await ctx.database.db.transaction((tx) =>
      recordEvent(tx, { type: 'payment.succeeded', accountId: account.id, actor: jobActor('test'), data: {}, at: ctx.clock.now() }),
    );
    // The event's delivery failed for good (as after 3 days).
    await ctx.database.db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null, attempts: 12, lastStatusCode: 500 }).where(eq(webhookDeliveries.eventId, eventId));

    const base = `/b/v1/Webhooks/endpoints/${endpoint.id}/deliveries`;
    const all = await call(adminToken, 'GET', base);
    expect((all.body!.value as WebhookDelivery[]).map((d) => d.eventType)).toEqual(['payment.succeeded', 'webhook.test']);
    expect(all.body!.next).toBeNull();
    const failed = await call(adminToken, 'GET', `${base}?outcome=failed`);
    expect((failed.body!.value as WebhookDelivery[]).map((d) => [d.eventId, d.attempts, d.lastStatusCode])).toEqual([[eventId, 12, 500]]);
    const tests = await call(adminToken, 'GET', `${base}?eventType=webhook.test&take=1`);
    expect((tests.body!.value as WebhookDelivery[]).map((d) => d.eventType)).toEqual(['webhook.test']);
    const paged = await call(adminToken, 'GET', `${base}?take=1`);
    expect(paged.body!.next).not.toBeNull();
    const second = await call(adminToken, 'GET', `${base}?take=1&before=${String(paged.body!.next)}`);
    expect((second.body!.value as WebhookDelivery[]).map((d) => d.eventType)).toEqual(['webhook.test']);
    const future = await call(adminToken, 'GET', `${base}?from=2099-01-01T00:00:00Z`);
    expect(future.body!.value).toEqual([]);
    expect(await call(adminToken, 'GET', `${base}?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`)).toMatchObject({ status: 400, body: { error: 'querystring.to: from must not be after to' } });
    expect((await call(adminToken, 'GET', `${base}?outcome=lost`)).status).toBe(400);

    const failedId = (failed.body!.value as WebhookDelivery[])[0]!.id;
    const replayed = await call(adminToken, 'POST', `/b/v1/Webhooks/deliveries/${failedId}/replay`);
    expect(replayed.body).toMatchObject({ status: 'pending', nextAttemptAt: ctx.clock.now().toISOString() });
    expect(await auditEntries(ctx.database.db, 'webhook_delivery.replay', BigInt(String(failedId)))).toHaveLength(1);

    await ctx.database.db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.endpointId, BigInt(String(endpoint.id))));
    const range = { from: new Date(ctx.clock.now().getTime() - 60_000).toISOString(), to: new Date(ctx.clock.now().getTime() + 60_000).toISOString() };
    const bulk = await call(adminToken, 'POST', `/b/v1/Webhooks/endpoints/${endpoint.id}/replay-failed`, range);
    expect(bulk).toMatchObject({ status: 200, body: { replayed: 2 } });
    const none = await call(adminToken, 'POST', `/b/v1/Webhooks/endpoints/${endpoint.id}/replay-failed`, { from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' });
    expect(none.body).toEqual({ replayed: 0 });

    const attempts = await call(adminToken, 'GET', `/b/v1/Webhooks/deliveries/${failedId}/attempts`);
    expect(attempts).toMatchObject({ status: 200, body: [] });
    expect((await call(adminToken, 'GET', '/b/v1/Webhooks/deliveries/999999/attempts')).status).toBe(404);
  });

  it('answers 404 for an endpoint that does not exist', async () => {
    expect((await call(adminToken, 'POST', '/b/v1/Webhooks/endpoints/999999/disable')).status).toBe(404);
    expect((await call(adminToken, 'GET', '/b/v1/Webhooks/endpoints/999999/deliveries')).status).toBe(404);
  });
});

describe('registration in production mode (server-side request forgery)', () => {
  let production: TestContext;
  let productionClient: string;
  let productionAdmin: string;
  beforeAll(async () => {
    production = await buildTestApp({ config: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.com' } });
    productionClient = await clientTokenFor(production, ['events:read']);
    productionAdmin = await tokenFor(production.database.db, await createUser(production.database.db, { roles: ['Admin'] }), { issuer: production.app.config.AUTH_ISSUER });
  });
  afterAll(() => production.close());

  const inProduction = async (token: string, url: string, body: unknown) => {
    const res = await production.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: stringifyJson(body) });
    return { status: res.statusCode, body: parseJson(res.body) as Record<string, unknown> };
  };

  it.each([
    ['http://hooks.example.com/portal', 'In production a webhook URL must start with https://'],
    ['https://10.0.0.8/hook', 'A webhook URL cannot point to a loopback, link-local or private address'],
    ['https://localhost:8443/hook', 'The webhook URL resolves to a loopback, link-local or private address'],
  ])('refuses %s over the provider API and the Admin’s screen, registering nothing', async (url, message) => {
    for (const [token, path] of [
      [productionClient, '/p/v1/webhook-endpoints'],
      [productionAdmin, '/b/v1/Webhooks/endpoints'],
    ] as const) {
      const res = await inProduction(token, path, { ...hook, url });
      expect(res).toMatchObject({ status: 400, body: { fields: { url: message } } });
    }
    const listed = await production.app.inject({ method: 'GET', url: '/p/v1/webhook-endpoints', headers: bearer(productionClient) });
    expect((parseJson(listed.body) as { data: unknown[] }).data).toEqual([]);
  });

  it('registers an https URL given as a public address', async () => {
    const res = await inProduction(productionClient, '/p/v1/webhook-endpoints', { ...hook, url: 'https://93.184.216.34/hook' });
    expect(res.status).toBe(201);
  });
});
