/**
 * The deliveries' retention step on a clock the test moves: a delivery delivered or given up is deleted with its
 * attempts once its last attempt is EVENT_RETENTION_DAYS old, and not a moment before; one still due (waiting
 * on an endpoint an Admin disabled, or replayed) is never deleted, however old; every delivery of an endpoint
 * deleted that long ago goes too. The step runs as the jobs run it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { EVENT_RETENTION_DAYS } from '@portal/contract';
import { appDeps } from '../../../test/billing';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { createAccount } from '../../../test/factories';
import { webhookAttempts, webhookDeliveries } from '../../db/schema';
import { billingJobSteps } from '../../jobs';
import { jobActor, recordEvent } from '../../lib/events';
import { webhookDispatcherOf } from './index';
import { deleteWebhookEndpoint, registerWebhookEndpoint, replayWebhookDelivery, setWebhookEndpointStatus, webhookSecretsOf, type WebhooksDeps } from './service';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const DAY = 86_400_000;
const RETENTION = EVENT_RETENTION_DAYS * DAY;
const admin = { userId: null, clientId: null, name: 'Test Admin' };

let ctx: TestContext;
let deps: WebhooksDeps;
let receiver: Server;
const clock = createTestClock(new Date(T0));

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(req.url === '/ok' ? 200 : 500).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  ctx = await buildTestApp({ clock });
  deps = { db: ctx.database.db, clock, secrets: webhookSecretsOf(ctx.app.config.SECRETS_KEY), publicOnly: false };
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const register = async (path: string) => {
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
  const { endpoint } = await registerWebhookEndpoint(deps, admin, { url, events: ['usage.batch_loaded'], description: path, orderedPerAccount: false });
  return BigInt(endpoint.id);
};

const record = async (accountId: bigint) =>
  ctx.database.db.transaction((tx) => recordEvent(tx, { type: 'usage.batch_loaded', accountId, actor: jobActor('test'), data: {}, at: clock.now() }));

/** The step as the scheduler runs it. */
const retentionStep = () => billingJobSteps(appDeps(ctx), 1000).find((step) => step.name === 'webhook-delivery-retention')!;

const deliveriesOf = async (endpointIds: bigint[]) =>
  ctx.database.db
    .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId, eventId: webhookDeliveries.eventId, status: webhookDeliveries.status, lastAttemptAt: webhookDeliveries.lastAttemptAt })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(asc(webhookDeliveries.id));

describe('webhook delivery retention', () => {
  it('deletes deliveries finished EVENT_RETENTION_DAYS ago with their attempts, never one still due', async () => {
    const account = await createAccount(ctx.database.db);
    const [ok, down, paused, gone] = [await register('/ok'), await register('/down'), await register('/paused'), await register('/gone')];
    const first = await record(account.id);
    await setWebhookEndpointStatus(deps, admin, paused, 'disabled');
    await deleteWebhookEndpoint(deps, admin, gone);
    const dispatcher = webhookDispatcherOf(ctx.app);
    await dispatcher.deliverDue();
    // The failing receiver's delivery is retried until its 3 days are over, then given up.
    for (;;) {
      const [retrying] = (await deliveriesOf([down])).filter((d) => d.status === 'retrying');
      if (!retrying) break;
      const [row] = await ctx.database.db.select({ next: webhookDeliveries.nextAttemptAt }).from(webhookDeliveries).where(eq(webhookDeliveries.id, retrying.id));
      clock.set(row!.next!);
      await dispatcher.deliverDue();
    }
    const gaveUpAt = (await deliveriesOf([down]))[0]!.lastAttemptAt!.getTime();
    expect(gaveUpAt).toBe(T0 + 3 * DAY);
    clock.set(new Date(T0 + 20 * DAY));
    const second = await record(account.id);
    await dispatcher.deliverDue();
    expect((await deliveriesOf([ok, down, paused, gone])).map((d) => [d.endpointId, d.eventId, d.status])).toEqual([
      [ok, first, 'succeeded'],
      [down, first, 'failed'],
      [paused, first, 'pending'],
      [gone, first, 'pending'],
      [ok, second, 'succeeded'],
    ]);
    const [firstOk] = await deliveriesOf([ok]);
    expect((await ctx.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, firstOk!.id))).length).toBe(1);

    // A moment short of the retention: nothing goes.
    expect(await retentionStep().run(new Date(T0 + RETENTION - 1))).toBe(0);
    expect(await retentionStep().run(new Date(T0 + RETENTION))).toBe(0);
    // Past it: the first delivered one (and its attempt), and the deleted endpoint's, which nothing can send.
    expect(await retentionStep().run(new Date(T0 + RETENTION + 1))).toBe(2);
    expect((await deliveriesOf([ok, down, paused, gone])).map((d) => [d.endpointId, d.eventId, d.status])).toEqual([
      [down, first, 'failed'],
      [paused, first, 'pending'],
      [ok, second, 'succeeded'],
    ]);
    expect(await ctx.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, firstOk!.id))).toEqual([]);

    // Replayed after its last attempt was old enough: due again, so kept until delivered and old again.
    clock.set(new Date(gaveUpAt + RETENTION + DAY));
    const [given] = await deliveriesOf([down]);
    await replayWebhookDelivery(deps, admin, given!.id);
    expect(await retentionStep().run(clock.now())).toBe(0);
    expect((await deliveriesOf([down, paused])).map((d) => d.status)).toEqual(['pending', 'pending']);

    // Long after: the second delivered one goes; the disabled endpoint's and the replayed one, still due, stay.
    expect(await retentionStep().run(new Date(T0 + 20 * DAY + RETENTION + 1))).toBe(1);
    expect(await retentionStep().run(new Date(T0 + 10 * RETENTION))).toBe(0);
    expect((await deliveriesOf([ok, down, paused, gone])).map((d) => [d.endpointId, d.status])).toEqual([
      [down, 'pending'],
      [paused, 'pending'],
    ]);
  });
});
