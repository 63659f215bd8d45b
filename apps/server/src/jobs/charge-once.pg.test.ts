/**
 * A charge is sent once whatever the number of instances: two server processes on one PostgreSQL
 * resubmit 200 unconfirmed payments to a Stripe stand-in and each reaches the provider once; with
 * one instance killed mid-batch, the survivor takes over its claims after their lease and the
 * provider still takes each charge once (the one request in flight at the kill is resent with the
 * same key, never concurrently).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database';
import { createAccount, createUser } from '../../test/factories';
import { databaseUrlOf, startInstance, type Instance } from '../../test/instances';
import { startStripeStandin, type StripeStandin } from '../../test/stripe-standin';
import type { Database } from '../db/client';
import { paymentMethods, payments } from '../db/schema';
import { chargeIdempotencyKey } from '../modules/payments';

const PAYMENTS = 200;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database with 200 payments recorded but never sent (their creator died), and a provider stand-in. */
const setup = async (chargeLatencyMs: number) => {
  const standin = await startStripeStandin();
  standin.setChargeLatency(chargeLatencyMs);
  const database = await createTestDatabase();
  cleanup.push(() => standin.close(), () => database.close());
  const db = database.db;
  await createUser(db); // a database with users is not seeded with the demo data
  const account = await createAccount(db, { providerCustomerRef: 'cus_standin_0' });
  const [method] = await db
    .insert(paymentMethods)
    .values({ accountId: account.id, provider: 'stripe', providerRef: standin.addPaymentMethod('cus_standin_0', '4242'), brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: true })
    .returning();
  const createdAt = new Date(Date.now() - 10_000);
  const rows = await db
    .insert(payments)
    .values(
      Array.from({ length: PAYMENTS }, (_, i) => ({
        accountId: account.id,
        date: createdAt,
        createdAt,
        amount: '1.00',
        currency: 'CAD',
        status: 'InProgress' as const,
        type: 'Credit Card (Manual)',
        paymentMethodId: method!.id,
        provider: 'stripe',
        idempotencyKey: `crashed-${i}`,
        chargeLeaseUntil: createdAt,
        chargeAttempts: 1,
      })),
    )
    .returning({ id: payments.id });
  return { standin, database, keys: rows.map((r) => chargeIdempotencyKey(r.id)) };
};

const start = async (database: Database, standin: StripeStandin): Promise<Instance> => {
  const instance = await startInstance({
    DATABASE_URL: databaseUrlOf(database.pool!),
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_WEBHOOK_SECRET: 'whsec_standin',
    STRIPE_API_BASE: standin.url,
    JOBS_ENABLED: 'true',
    DB_POOL_SIZE: '4',
  });
  cleanup.push(() => instance.kill());
  return instance;
};

const settledCount = async (database: Database) =>
  Number((await database.db.execute<{ n: string }>(sql`select count(*) as n from payments where status <> 'InProgress'`)).rows[0]!.n);

const waitUntilSettled = async (database: Database, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && (await settledCount(database)) < PAYMENTS) await sleep(200);
  return settledCount(database);
};

const chargeRequests = (standin: StripeStandin) => standin.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

describe('resubmitting unconfirmed charges on two instances', () => {
  it('sends each of 200 payments to the provider exactly once', async () => {
    const { standin, database, keys } = await setup(10);
    await Promise.all([start(database, standin), start(database, standin)]);

    expect(await waitUntilSettled(database, 60_000)).toBe(PAYMENTS);
    const requestsByKey = new Map<string, number>();
    for (const r of chargeRequests(standin)) requestsByKey.set(r.idempotencyKey!, (requestsByKey.get(r.idempotencyKey!) ?? 0) + 1);
    expect([...requestsByKey.keys()].sort()).toEqual([...keys].sort());
    expect([...requestsByKey.values()].every((n) => n === 1)).toBe(true);
    expect(standin.concurrentKeyConflicts).toEqual([]);
    const statuses = await database.db.execute<{ status: string; n: string }>(sql`select status, count(*) as n from payments group by status`);
    expect(statuses.rows.map((r) => [r.status, Number(r.n)])).toEqual([['Successful', PAYMENTS]]);
  }, 120_000);

  it('with one instance killed mid-batch, the other finishes and the provider takes each charge once', async () => {
    const { standin, database, keys } = await setup(60);
    const [first] = await Promise.all([start(database, standin), start(database, standin)]);
    while (chargeRequests(standin).length < 40) await sleep(20);
    await first!.kill();

    expect(await waitUntilSettled(database, 90_000)).toBe(PAYMENTS);
    // One charge per payment at the provider: a resent request replays the first one's answer.
    expect([...standin.chargesByKey.keys()].sort()).toEqual([...keys].sort());
    expect([...standin.chargesByKey.values()].every((ids) => ids.length === 1)).toBe(true);
    // Only a request the killed instance had in flight is sent again, and never while the first is running.
    const requestsByKey = new Map<string, number>();
    for (const r of chargeRequests(standin)) requestsByKey.set(r.idempotencyKey!, (requestsByKey.get(r.idempotencyKey!) ?? 0) + 1);
    expect([...requestsByKey.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1);
    expect(Math.max(...requestsByKey.values())).toBeLessThanOrEqual(2);
    expect(standin.concurrentKeyConflicts).toEqual([]);
    const statuses = await database.db.execute<{ status: string; n: string }>(sql`select status, count(*) as n from payments group by status`);
    expect(statuses.rows.map((r) => [r.status, Number(r.n)])).toEqual([['Successful', PAYMENTS]]);
  }, 150_000);
});
