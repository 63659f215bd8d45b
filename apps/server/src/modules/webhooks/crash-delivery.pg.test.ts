/**
 * kill -9 between a card payment and its webhook loses nothing: real server processes on one PostgreSQL, a
 * sandbox card payment made on the first, and a receiver that verifies every request's Standard Webhooks
 * signature. Killed before the payment settled, the next instance settles it and delivers payment.succeeded;
 * killed while the receiver holds the delivery unanswered, the next instance sends it again once the dead
 * one's lease is over on its clock (ahead, so the test need not wait the lease out). Either way the receiver
 * acknowledges exactly one payment.succeeded, and every request it got carried that event's webhook-id.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { createTestClock } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { bearer, createAccount, createBillingDetails, createInvoice, createPaymentMethod, createUser, tokenFor } from '../../../test/factories';
import { databaseUrlOf, startInstance, type Instance } from '../../../test/instances';
import { TEST_SECRETS_KEY } from '../../config';
import type { Database } from '../../db/client';
import { events, payments, webhookDeliveries } from '../../db/schema';
import { parseSecretsKey } from '../../lib/secret-box';
import { registerWebhookEndpoint, webhookSecretsOf } from './service';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SHIFTED_CLOCK = fileURLToPath(new URL('../../../test/shifted-clock.mjs', import.meta.url));
/** Past the dead instance's lease on the delivery (2 minutes), inside the receiver's 5-minute timestamp tolerance. */
const AHEAD_MS = 3 * 60_000;

interface Received {
  id: string;
  type: string;
  answered: boolean;
}

/** Verifies each request's signature; holds the first `hold` requests unanswered, answers the rest 200. */
const startReceiver = async (hold: number) => {
  let secret = '';
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) };
      const event = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), headers) as { id: string; type: string };
      expect(event.id).toBe(headers['webhook-id']);
      const request = { id: headers['webhook-id'], type: event.type, answered: false };
      received.push(request);
      if (held.length < hold) return void held.push(res);
      request.answered = true;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    useSecret: (s: string) => void (secret = s),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

let cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

/** A customer with an invoice and a saved sandbox card, an endpoint for payment.succeeded, and the receiver. */
const setup = async (hold: number) => {
  const receiver = await startReceiver(hold);
  const database = await createTestDatabase();
  cleanup.push(() => receiver.close(), () => database.close());
  const db = database.db;
  const account = await createAccount(db);
  await createBillingDetails(db, account.id);
  await createInvoice(db, account.id, { amount: '40.00' });
  const card = await createPaymentMethod(db, account.id, { isDefault: true });
  const user = await createUser(db, { accountIds: [account.id] });
  const headers = bearer(await tokenFor(db, user));
  const deps = { db, clock: createTestClock(), secrets: webhookSecretsOf(parseSecretsKey(TEST_SECRETS_KEY)!), publicOnly: false };
  const { secret } = await registerWebhookEndpoint(deps, { userId: null, clientId: null, name: 'Test' }, { url: receiver.url, events: ['payment.succeeded'], description: '', orderedPerAccount: false });
  receiver.useSecret(secret);
  const pay = (instance: Instance) =>
    fetch(`${instance.url}/b/v1/Payment/customerpayment?autoAssignPayment=true`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'crash-delivery-1' },
      body: JSON.stringify({ payment: { accountId: String(account.id), amount: 40, currency: 'CAD' }, paymentMethodInfo: { paymentMethodId: String(card.id) } }),
    });
  return { receiver, database, account, pay };
};

const start = async (database: Database, env: Record<string, string> = {}, nodeFlags: string[] = []) => {
  const instance = await startInstance({ DATABASE_URL: databaseUrlOf(database.pool!), PAYMENT_PROVIDER: 'sandbox', JOBS_ENABLED: 'true', DB_POOL_SIZE: '4', ...env }, { nodeFlags });
  cleanup.push(() => instance.kill());
  return instance;
};

const waitFor = async <T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};

const succeededEvents = (database: Database, accountId: bigint) =>
  database.db.select({ id: events.id }).from(events).where(and(eq(events.accountId, accountId), eq(events.type, 'payment.succeeded')));

describe('a server killed between a card payment and its webhook', () => {
  it('killed before the payment settled: the next instance settles it and the receiver gets payment.succeeded once', async () => {
    const { receiver, database, account, pay } = await setup(0);
    // Settling only after a minute: the first instance dies holding an unsettled payment.
    const first = await start(database, { SANDBOX_SETTLE_MS: '60000' });
    const paid = await pay(first);
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { payment: { status: string } }).payment.status).toBe('InProgress');
    await first.kill();
    expect(await succeededEvents(database, account.id)).toEqual([]);

    await start(database, { SANDBOX_SETTLE_MS: '0' });
    const [request] = await waitFor('the delivery', () => (receiver.received.length > 0 ? receiver.received : undefined));
    const [event] = await succeededEvents(database, account.id);
    expect(request).toEqual({ id: event!.id, type: 'payment.succeeded', answered: true });
    const [payment] = await database.db.select({ status: payments.status }).from(payments).where(eq(payments.accountId, account.id));
    expect(payment!.status).toBe('Successful');
    const delivery = await waitFor('the delivery recorded', async () => {
      const [row] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
      return row?.status === 'succeeded' ? row : undefined;
    });
    expect(delivery.attempts).toBe(1);
    // Nothing else arrives: one event, one request.
    await sleep(3_000);
    expect(receiver.received).toHaveLength(1);
  }, 180_000);

  it('killed with the delivery unanswered: the next instance sends it again after the lease and it is acknowledged once', async () => {
    const { receiver, database, account, pay } = await setup(1);
    const first = await start(database, { SANDBOX_SETTLE_MS: '0' });
    expect((await pay(first)).status).toBe(200);
    // The event is committed and its delivery has left: the receiver holds it, unanswered, when the process dies.
    await waitFor('the first request', () => (receiver.received.length > 0 ? true : undefined));
    await first.kill();
    const [event] = await succeededEvents(database, account.id);
    const [leased] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
    expect(leased).toMatchObject({ status: 'pending', attempts: 0 });
    expect(leased!.leaseUntil).not.toBeNull();

    await start(database, { SANDBOX_SETTLE_MS: '0', TEST_CLOCK_SHIFT_MS: String(AHEAD_MS) }, ['--import', SHIFTED_CLOCK]);
    await waitFor('the second request', () => (receiver.received.length > 1 ? true : undefined));
    const delivery = await waitFor('the delivery recorded', async () => {
      const [row] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
      return row?.status === 'succeeded' ? row : undefined;
    });
    // The dead instance's attempt left no record; the new one's is the delivery's only one.
    expect(delivery.attempts).toBe(1);
    await sleep(3_000);
    expect(receiver.received).toEqual([
      { id: event!.id, type: 'payment.succeeded', answered: false },
      { id: event!.id, type: 'payment.succeeded', answered: true },
    ]);
    expect(await succeededEvents(database, account.id)).toHaveLength(1);
  }, 180_000);
});
