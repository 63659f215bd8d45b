/**
 * A server killed after saving a payment and before the provider got its charge: the payment is
 * sent by the next instance within seconds of its start, and settles exactly once.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/database';
import { bearer, createAccount, createBillingDetails, createInvoice, createUser, tokenFor } from '../../../test/factories';
import { databaseUrlOf, startInstance, type Instance } from '../../../test/instances';
import { startStripeStandin } from '../../../test/stripe-standin';
import { paymentMethods, payments } from '../../db/schema';
import { chargeIdempotencyKey } from './charging';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A processor address that accepts connections and never answers: the charge never arrives. */
const startBlackhole = async () => {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => void sockets.push(socket.pause()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => sockets.length,
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
};

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

describe('a crash between saving a payment and sending its charge', () => {
  it('settles the payment within 10 s of the restart, charged once', async () => {
    const standin = await startStripeStandin();
    const blackhole = await startBlackhole();
    const database = await createTestDatabase();
    cleanup.push(() => standin.close(), () => blackhole.close(), () => database.close());
    const db = database.db;
    const account = await createAccount(db, { providerCustomerRef: 'cus_standin_0' });
    await createBillingDetails(db, account.id);
    await createInvoice(db, account.id, { amount: '40.00' });
    const [method] = await db
      .insert(paymentMethods)
      .values({ accountId: account.id, provider: 'stripe', providerRef: standin.addPaymentMethod('cus_standin_0', '4242'), brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: true })
      .returning();
    const user = await createUser(db, { accountIds: [account.id] });
    const headers = bearer(await tokenFor(db, user));
    const env = (apiBase: string) => ({
      DATABASE_URL: databaseUrlOf(database.pool!),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_standin',
      STRIPE_API_BASE: apiBase,
      JOBS_ENABLED: 'true',
    });

    const crashing: Instance = await startInstance(env(blackhole.url));
    cleanup.push(() => crashing.kill());
    void fetch(`${crashing.url}/b/v1/Payment/customerpayment?autoAssignPayment=true`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ payment: { accountId: String(account.id), amount: 40, currency: 'CAD' }, paymentMethodInfo: { paymentMethodId: String(method!.id) } }),
    }).catch(() => undefined);
    // The payment is committed and its charge is on its way to a processor that never gets it.
    while (blackhole.connections() === 0) await sleep(20);
    const [saved] = await db.select().from(payments).where(eq(payments.accountId, account.id));
    expect(saved).toMatchObject({ status: 'InProgress', providerRef: null });
    await crashing.kill();

    const restarted = await startInstance(env(standin.url));
    cleanup.push(() => restarted.kill());
    const readyAt = Date.now();
    let settled = saved!;
    while (Date.now() - readyAt < 10_000 && settled.status === 'InProgress') {
      await sleep(100);
      settled = (await db.select().from(payments).where(eq(payments.id, saved!.id)))[0]!;
    }
    expect(settled.status).toBe('Successful');
    expect(Date.now() - readyAt).toBeLessThan(10_000);
    expect(standin.chargesByKey.get(chargeIdempotencyKey(saved!.id))).toHaveLength(1);
    expect(standin.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(1);
  }, 120_000);
});
