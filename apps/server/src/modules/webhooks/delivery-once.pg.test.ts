/**
 * Exactly once per event id under several job instances: two apps on one PostgreSQL database, each running
 * two delivery workers at once over the same 300 queued events, and a receiver (verifying every signature)
 * slow enough that their lanes overlap. Each event reaches it once, and the lanes ran side by side.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { buildTestApp, type TestContext } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { createAccount } from '../../../test/factories';
import type { Database } from '../../db/client';
import { jobActor, recordEvent } from '../../lib/events';
import { WEBHOOK_LANE_CONCURRENCY } from './delivery';
import { webhookDispatcherOf } from './index';
import { registerWebhookEndpoint, webhookSecretsOf } from './service';

const EVENTS = 300;

let database: Database;
let apps: TestContext[] = [];
const received = new Map<string, number>();
let inFlight = 0;
let mostInFlight = 0;
let secret = '';
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) };
    new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), headers);
    received.set(headers['webhook-id'], (received.get(headers['webhook-id']) ?? 0) + 1);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      res.writeHead(200).end();
    }, 5);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  database = await createTestDatabase({ poolSize: 8 });
  apps = [await buildTestApp({ database }), await buildTestApp({ database })];
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  await new Promise((resolve) => server.close(resolve));
});

it('delivers each of 300 events once with two instances of two workers each claiming at the same time', async () => {
  const [first] = apps;
  const deps = { db: database.db, clock: first!.clock, secrets: webhookSecretsOf(first!.app.config.SECRETS_KEY), publicOnly: false };
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  ({ secret } = await registerWebhookEndpoint(deps, { userId: null, clientId: null, name: 'Test' }, { url, events: ['usage.batch_loaded'], description: '', orderedPerAccount: false }));
  const account = await createAccount(database.db);
  const ids: string[] = [];
  for (let i = 0; i < EVENTS; i += 50) {
    await database.db.transaction(async (tx) => {
      for (let j = 0; j < 50; j += 1) ids.push(await recordEvent(tx, { type: 'usage.batch_loaded', accountId: account.id, actor: jobActor('test'), data: { n: i + j }, at: first!.clock.now() }));
    });
  }

  const workers = apps.flatMap((ctx) => [webhookDispatcherOf(ctx.app), webhookDispatcherOf(ctx.app)]);
  await Promise.all(workers.map((worker) => worker.deliverDue()));

  expect(received.size).toBe(EVENTS);
  expect([...received.entries()].filter(([, times]) => times !== 1)).toEqual([]);
  expect([...received.keys()].sort()).toEqual([...ids].sort());
  const { rows } = await database.db.execute<{ status: string; attempts: number; n: number }>(
    sql`select status, attempts, count(*)::int as n from webhook_deliveries group by status, attempts`,
  );
  expect(rows).toEqual([{ status: 'succeeded', attempts: 1, n: EVENTS }]);
  // One lane sends at most WEBHOOK_LANE_CONCURRENCY at once: more in flight means workers sent side by side.
  expect(mostInFlight).toBeGreaterThan(WEBHOOK_LANE_CONCURRENCY);
});
