/**
 * Webhook delivery against a local receiver that verifies every request with the `standardwebhooks`
 * package's Webhook.verify: an event recorded in a transaction reaches it signed; 500s and timeouts are
 * retried on the schedule (a clock the test moves: Date itself is faked, so the package's timestamp
 * check sees the same time as the portal); 3 days of failures disable the endpoint and email the Admins;
 * a rotation sends both signatures during its overlap; redirects are not followed; in production mode
 * private addresses are refused; an endpoint ordered per account sends one account's events in order.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { buildTestApp, type TestClock, type TestContext } from '../../../test/app';
import { auditEntries } from '../../../test/auth';
import { createAccount, createUser } from '../../../test/factories';
import { mailOutbox, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { jobActor, recordEvent } from '../../lib/events';
import { registry } from '../../lib/metrics';
import { OUTBOX_CONTEXT } from '../../lib/mail-outbox';
import { createSecretBox } from '../../lib/secret-box';
import { createWebhookDispatcher } from './delivery';
import { claimDueDeliveries, finishAttempts } from './repository';
import { ENDPOINT_DISABLED_PURPOSE, webhookDispatcherOf } from './index';
import { listWebhookAttempts, registerWebhookEndpoint, rotateWebhookSecret, webhookSecretsOf, type WebhooksDeps } from './service';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers each request with `answer` (or holds it unanswered); records what came. */
const startReceiver = async () => {
  const received: Received[] = [];
  let answer: (res: ServerResponse, request: Received) => void = (res) => res.writeHead(200).end('ok');
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      answer(res, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    port,
    answerWith: (next: typeof answer) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const verify = (secret: string, request: Received) =>
  new Webhook(secret).verify(request.body, { 'webhook-id': String(request.headers['webhook-id']), 'webhook-timestamp': String(request.headers['webhook-timestamp']), 'webhook-signature': String(request.headers['webhook-signature']) });

let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let deps: WebhooksDeps;
const admin = { userId: null, clientId: null, name: 'Test Admin' };

/** The portal's clock and Date move together. */
const clock: TestClock = {
  now: () => new Date(),
  set: (date) => vi.setSystemTime(new Date(date)),
  advance: (ms) => vi.setSystemTime(new Date(Date.now() + ms)),
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T12:00:00Z') });
  receiver = await startReceiver();
  ctx = await buildTestApp({ clock, config: { PUBLIC_ORIGIN: 'https://portal.example' } });
  deps = { db: ctx.database.db, clock, secrets: webhookSecretsOf(ctx.app.config.SECRETS_KEY), publicOnly: false };
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
  vi.useRealTimers();
});
// Each test hears only its own endpoints.
afterEach(async () => {
  await ctx.database.db.update(webhookEndpoints).set({ status: 'disabled' });
  receiver.received.length = 0;
  receiver.answerWith((res) => res.writeHead(200).end('ok'));
});

/** No jitter: the schedule's own delays. */
const dispatcher = (timeoutMs?: number) => webhookDispatcherOf(ctx.app, { random: () => 0.5, ...(timeoutMs ? { timeoutMs } : {}) });

const register = (path: string, overrides: { orderedPerAccount?: boolean } = {}) =>
  registerWebhookEndpoint(deps, admin, { url: receiver.url(path), events: ['payment.succeeded', 'account.updated'], description: path, orderedPerAccount: overrides.orderedPerAccount ?? false });

const record = async (accountId: bigint, data: Record<string, unknown> = {}) =>
  ctx.database.db.transaction((tx) => recordEvent(tx, { type: 'payment.succeeded', accountId, actor: jobActor('test'), data, at: clock.now() }));

const deliveryOf = async (endpointId: bigint, eventId: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventId, eventId)));
  return row!;
};

describe('webhook delivery', () => {
  it('sends an event recorded in a transaction, signed, with the event id as webhook-id', async () => {
    const { endpoint, secret } = await register('/signed');
    const account = await createAccount(ctx.database.db, { externalId: 'WH-1' });
    const eventId = await record(account.id, { paymentId: 7n });
    await dispatcher().deliverDue();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.path).toBe('/signed');
    expect(request!.headers['webhook-id']).toBe(eventId);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(verify(secret, request!)).toMatchObject({ id: eventId, type: 'payment.succeeded', version: 1, accountExternalId: 'WH-1', actor: { kind: 'job', name: 'test' }, data: { paymentId: '7' } });
    const delivery = await deliveryOf(endpoint.id, eventId);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, lastResponse: 'ok', nextAttemptAt: null });
    await dispatcher().deliverDue();
    expect(receiver.received).toHaveLength(1);
  });

  it('queues nothing for a change that rolls back, nor for event types the endpoint did not ask for', async () => {
    await register('/rollback');
    const account = await createAccount(ctx.database.db);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'payment.succeeded', accountId: account.id, actor: jobActor('test'), data: {}, at: clock.now() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await ctx.database.db.transaction((tx) => recordEvent(tx, { type: 'dispute.opened', accountId: account.id, actor: jobActor('test'), data: {}, at: clock.now() }));
    await dispatcher().deliverDue();
    expect(receiver.received.filter((r) => r.path === '/rollback')).toEqual([]);
  });

  it('retries a 500 after 5 s then 5 min, keeping each attempt, until a 2xx', async () => {
    const { endpoint, secret } = await register('/flaky');
    const account = await createAccount(ctx.database.db);
    let answers = 0;
    // Verified as it arrives: the signature's timestamp is checked against the time then.
    const verified: unknown[] = [];
    receiver.answerWith((res, request) => {
      verified.push((verify(secret, request) as { id: string }).id);
      if (++answers <= 2) res.writeHead(500).end('down for maintenance');
      else res.writeHead(204).end();
    });
    const eventId = await record(account.id);
    const start = clock.now().getTime();

    await dispatcher().deliverDue();
    let delivery = await deliveryOf(endpoint.id, eventId);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1, lastStatusCode: 500, lastOutcome: 'http_error', lastResponse: 'down for maintenance' });
    expect(delivery.nextAttemptAt!.getTime() - start).toBe(5_000);

    clock.advance(4_000);
    await dispatcher().deliverDue();
    expect(receiver.received).toHaveLength(1);

    clock.advance(1_000);
    await dispatcher().deliverDue();
    delivery = await deliveryOf(endpoint.id, eventId);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 2 });
    expect(delivery.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(5 * 60_000);

    clock.advance(5 * 60_000);
    await dispatcher().deliverDue();
    delivery = await deliveryOf(endpoint.id, eventId);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 204, nextAttemptAt: null });
    expect(receiver.received).toHaveLength(3);
    expect(verified).toEqual([eventId, eventId, eventId]);
    expect((await listWebhookAttempts(deps, delivery.id)).map((a) => [a.attempt, a.outcome, a.statusCode])).toEqual([
      [1, 'http_error', 500],
      [2, 'http_error', 500],
      [3, 'succeeded', 204],
    ]);
  });

  it('gives up on an answer that takes longer than the timeout and retries it after 5 s', async () => {
    const { endpoint } = await register('/slow');
    const account = await createAccount(ctx.database.db);
    const held: ServerResponse[] = [];
    receiver.answerWith((res) => held.push(res));
    const eventId = await record(account.id);
    await dispatcher(200).deliverDue();
    const delivery = await deliveryOf(endpoint.id, eventId);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1, lastOutcome: 'timeout', lastStatusCode: null });
    expect(delivery.lastDurationMs).toBeGreaterThanOrEqual(200);
    expect(delivery.nextAttemptAt!.getTime() - delivery.lastAttemptAt!.getTime()).toBe(5_000);
    for (const res of held) res.destroy();
  });

  it('does not follow a redirect: a 3xx is a failed attempt and the target is never called', async () => {
    const { endpoint } = await register('/moved');
    const account = await createAccount(ctx.database.db);
    receiver.answerWith((res, request) => (request.path === '/moved' ? res.writeHead(302, { location: receiver.url('/elsewhere') }).end() : res.writeHead(200).end()));
    const eventId = await record(account.id);
    await dispatcher().deliverDue();
    // Only this test's paths: a request an earlier test timed out can still reach the receiver on a loaded machine.
    expect(receiver.received.map((r) => r.path).filter((path) => path === '/moved' || path === '/elsewhere')).toEqual(['/moved']);
    expect(await deliveryOf(endpoint.id, eventId)).toMatchObject({ status: 'retrying', lastStatusCode: 302, lastOutcome: 'http_error' });
  });

  it('disables an endpoint failing for 3 days, gives its delivery up and emails the Admins', async () => {
    const db = ctx.database.db;
    const adminUser = await createUser(db, { roles: ['Admin'], email: 'ops.admin@example.com' });
    const { endpoint, secret } = await register('/down');
    const account = await createAccount(db);
    const verified: unknown[] = [];
    receiver.answerWith((res, request) => {
      verified.push((verify(secret, request) as { id: string }).id);
      res.writeHead(503).end('unavailable');
    });
    const eventId = await record(account.id);
    const start = clock.now().getTime();
    const worker = dispatcher();
    for (let step = 0; step < 20; step += 1) {
      await worker.deliverDue();
      const delivery = await deliveryOf(endpoint.id, eventId);
      if (!delivery.nextAttemptAt || delivery.status !== 'retrying') break;
      clock.set(delivery.nextAttemptAt);
    }
    const delivery = await deliveryOf(endpoint.id, eventId);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toBe(13);
    expect(delivery.lastAttemptAt!.getTime() - start).toBe(72 * 3_600_000);
    expect(verified).toEqual(Array.from({ length: 13 }, () => eventId));

    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    expect(await auditEntries(db, 'webhook_endpoint.disable_failing', endpoint.id)).toHaveLength(1);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.purpose, ENDPOINT_DISABLED_PURPOSE));
    expect(mails.map((m) => m.toAddress)).toContain(adminUser.email);
    const content = JSON.parse(createSecretBox(ctx.app.config.SECRETS_KEY, OUTBOX_CONTEXT).open(mails[0]!.content as never)) as { body: { subject: string; text: string } };
    expect(content.body.subject).toContain('webhook endpoint disabled');
    expect(content.body.text).toContain(receiver.url('/down'));
    expect(content.body.text).not.toContain(secret);

    // Disabled: a new event is not queued for it, nothing more is sent.
    await record(account.id);
    await worker.deliverDue();
    expect(receiver.received).toHaveLength(13);
  });

  it('signs with both secrets during a rotation’s overlap, then with the new one only', async () => {
    const { endpoint, secret: oldSecret } = await register('/rotating');
    const account = await createAccount(ctx.database.db);
    const { secret: newSecret, endpoint: rotated } = await rotateWebhookSecret(deps, admin, endpoint.id, { overlapMinutes: 60 });
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.previousSecretExpiresAt).toBe(new Date(clock.now().getTime() + 60 * 60_000).toISOString());

    await record(account.id);
    await dispatcher().deliverDue();
    const during = receiver.received.at(-1)!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verify(oldSecret, during)).not.toThrow();
    expect(() => verify(newSecret, during)).not.toThrow();

    clock.advance(61 * 60_000);
    await record(account.id);
    await dispatcher().deliverDue();
    const after = receiver.received.at(-1)!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => verify(newSecret, after)).not.toThrow();
    expect(() => verify(oldSecret, after)).toThrow('No matching signature found');
  });

  it('ends a batch of claims in one write, passing over a row whose lease another instance took over', async () => {
    const { endpoint } = await register('/batch');
    const account = await createAccount(ctx.database.db);
    const events = [await record(account.id), await record(account.id), await record(account.id)];
    const now = clock.now();
    const claims = await claimDueDeliveries(ctx.database.db, endpoint.id, now, 10, new Date(now.getTime() + 60_000));
    expect(claims.map((c) => c.eventId)).toEqual(events);
    const [kept, lost, alsoKept] = claims;
    // Its lease ran out and another instance claimed it again: this one's outcome must not land.
    await ctx.database.db
      .update(webhookDeliveries)
      .set({ leaseUntil: new Date(now.getTime() + 120_000) })
      .where(eq(webhookDeliveries.id, lost!.id));
    const attempt = { at: now, outcome: 'succeeded' as const, statusCode: 200, durationMs: 3, response: 'ok' };
    const ended = await finishAttempts(
      ctx.database.db,
      claims.map((claim) => ({ claim, attempt, next: { status: 'succeeded' as const, nextAttemptAt: null, roundFailures: 0 } })),
    );
    expect([...ended].sort()).toEqual([kept!.id, alsoKept!.id].sort());
    for (const claim of [kept!, alsoKept!]) {
      expect(await deliveryOf(endpoint.id, claim.eventId)).toMatchObject({ status: 'succeeded', attempts: 1, leaseUntil: null, lastStatusCode: 200, lastDurationMs: 3 });
      expect((await listWebhookAttempts(deps, claim.id)).map((a) => [a.attempt, a.outcome, a.statusCode, a.response])).toEqual([[1, 'succeeded', 200, 'ok']]);
    }
    expect(await deliveryOf(endpoint.id, lost!.eventId)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await listWebhookAttempts(deps, lost!.id)).toEqual([]);
  });

  it('sends one account’s events in order when the endpoint asks for it: a later one waits for the earlier', async () => {
    const { endpoint } = await register('/ordered', { orderedPerAccount: true });
    const account = await createAccount(ctx.database.db);
    const other = await createAccount(ctx.database.db);
    let failFirst = true;
    receiver.answerWith((res, request) => {
      const event = JSON.parse(request.body) as { data: { n: number } };
      if (event.data.n === 1 && failFirst) return res.writeHead(500).end();
      res.writeHead(200).end();
    });
    await record(account.id, { n: 1 });
    await record(account.id, { n: 2 });
    await record(other.id, { n: 3 });
    await dispatcher().deliverDue();
    const order = () => receiver.received.filter((r) => r.path === '/ordered').map((r) => (JSON.parse(r.body) as { data: { n: number } }).data.n);
    expect(order()).toEqual([1, 3]);
    failFirst = false;
    clock.advance(5_000);
    await dispatcher().deliverDue();
    expect(order()).toEqual([1, 3, 1, 2]);
    const [row] = await ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.failingSince).toBeNull();
  });
});

describe('webhook metrics', () => {
  const sample = async (name: string, labels: Record<string, string>) =>
    (await registry.getSingleMetric(name)!.get()).values.find((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value))?.value;

  it('counts attempts by endpoint and outcome, and reports each endpoint’s oldest undelivered event age', async () => {
    const { endpoint } = await register('/metered');
    const label = String(endpoint.id);
    const account = await createAccount(ctx.database.db);
    receiver.answerWith((res) => res.writeHead(500).end());
    await record(account.id);
    clock.advance(90_000);
    expect(await sample('webhook_oldest_undelivered_age_seconds', { endpoint: label })).toBe(90);
    await dispatcher().deliverDue();
    expect(await sample('webhook_deliveries_total', { endpoint: label, outcome: 'http_error' })).toBe(1);
    receiver.answerWith((res) => res.writeHead(200).end());
    clock.advance(5_000);
    await dispatcher().deliverDue();
    expect(await sample('webhook_deliveries_total', { endpoint: label, outcome: 'succeeded' })).toBe(1);
    expect(await sample('webhook_oldest_undelivered_age_seconds', { endpoint: label })).toBe(0);
  });
});

describe('webhook delivery in production mode (server-side request forgery)', () => {
  const productionWorker = () =>
    createWebhookDispatcher({ db: ctx.database.db, clock, secrets: deps.secrets, outbox: ctx.app.outbox, log: ctx.app.log, publicOnly: true, webhooksPage: 'https://portal.example/admin/webhooks' });

  it.each([
    ['http://hooks.example.com/portal', 'In production a webhook URL must start with https://'],
    ['https://127.0.0.1/hook', 'A webhook URL cannot point to a loopback, link-local or private address'],
    ['https://[::1]/hook', 'A webhook URL cannot point to a loopback, link-local or private address'],
    ['https://169.254.169.254/latest/meta-data', 'A webhook URL cannot point to a loopback, link-local or private address'],
    ['https://localhost/hook', 'The webhook URL resolves to a loopback, link-local or private address'],
  ])('refuses to register %s', async (url, message) => {
    await expect(registerWebhookEndpoint({ ...deps, publicOnly: true }, admin, { url, events: ['payment.succeeded'], description: '', orderedPerAccount: false })).rejects.toMatchObject({
      statusCode: 400,
      fields: { url: message },
    });
  });

  it.each([
    ['/plain', (port: number) => `http://127.0.0.1:${port}/plain`, 'In production a webhook URL must start with https://'],
    ['/by-name', (port: number) => `https://localhost:${port}/by-name`, 'The webhook URL resolves to a loopback, link-local or private address'],
  ])('refuses at delivery an endpoint registered outside production (%s): nothing reaches it', async (_name, urlOf, message) => {
    const { endpoint } = await registerWebhookEndpoint(deps, admin, { url: urlOf(receiver.port), events: ['payment.succeeded'], description: '', orderedPerAccount: false });
    const account = await createAccount(ctx.database.db);
    const eventId = await record(account.id);
    await productionWorker().deliverDue();
    expect(await deliveryOf(endpoint.id, eventId)).toMatchObject({ status: 'retrying', lastOutcome: 'refused', lastResponse: message });
    expect(receiver.received).toEqual([]);
  });
});
