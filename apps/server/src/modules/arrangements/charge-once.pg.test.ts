/**
 * Instalments are charged once per date whatever the number of instances: two server processes on one
 * PostgreSQL run the arrangements job over 60 instalments due today, charged to a Stripe stand-in, and the
 * provider takes each exactly once (docs/decisions/0034-payment-arrangements-and-policy.md).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/database';
import { createAccount, createInvoice, createUser } from '../../../test/factories';
import { databaseUrlOf, startInstance } from '../../../test/instances';
import { startStripeStandin } from '../../../test/stripe-standin';
import { arrangementInstalments, arrangementReceivables, arrangements, paymentMethods } from '../../db/schema';

const ARRANGEMENTS = 60;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('the arrangements job on two instances', () => {
  it('charges each instalment due today once', async () => {
    const standin = await startStripeStandin();
    standin.setChargeLatency(10);
    const database = await createTestDatabase();
    cleanup.push(() => standin.close(), () => database.close());
    const db = database.db;
    await createUser(db); // a database with users is not seeded with the demo data
    for (let i = 0; i < ARRANGEMENTS; i++) {
      const account = await createAccount(db, { providerCustomerRef: `cus_arrange_${i}` });
      const invoice = await createInvoice(db, account.id, { amount: '30.00', dueDate: day(-10) });
      const [method] = await db
        .insert(paymentMethods)
        .values({ accountId: account.id, provider: 'stripe', providerRef: standin.addPaymentMethod(`cus_arrange_${i}`, '4242'), brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2099, isDefault: true })
        .returning();
      const [arrangement] = await db.insert(arrangements).values({ accountId: account.id, amount: '30.00', currency: 'CAD', paymentMethodId: method!.id }).returning();
      await db.insert(arrangementInstalments).values([
        { arrangementId: arrangement!.id, seq: 0, dueDate: day(0), amount: '20.00' },
        { arrangementId: arrangement!.id, seq: 1, dueDate: day(10), amount: '10.00' },
      ]);
      await db.insert(arrangementReceivables).values({ arrangementId: arrangement!.id, receivableId: invoice.arId!, openAtStart: '30.00' });
    }

    const env = {
      DATABASE_URL: databaseUrlOf(database.pool!),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_standin',
      STRIPE_API_BASE: standin.url,
      JOBS_ENABLED: 'true',
      DB_POOL_SIZE: '4',
    };
    const instances = await Promise.all([startInstance(env), startInstance(env)]);
    for (const instance of instances) cleanup.push(() => instance.kill());

    const settled = async () =>
      Number((await db.execute<{ n: string }>(sql`select count(*) as n from payments where status = 'Successful'`)).rows[0]!.n);
    const until = Date.now() + 90_000;
    while (Date.now() < until && (await settled()) < ARRANGEMENTS) await sleep(250);
    expect(await settled()).toBe(ARRANGEMENTS);

    const charges = standin.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    const byKey = new Map<string, number>();
    for (const r of charges) byKey.set(r.idempotencyKey!, (byKey.get(r.idempotencyKey!) ?? 0) + 1);
    expect(byKey.size).toBe(ARRANGEMENTS);
    expect([...byKey.values()].every((n) => n === 1)).toBe(true);
    const rows = await db.execute<{ amount: string; n: string }>(sql`select amount::text as amount, count(*) as n from payments group by amount`);
    expect(rows.rows.map((r) => [r.amount, Number(r.n)])).toEqual([['20.00', ARRANGEMENTS]]);
    const charged = await db.execute<{ n: string }>(sql`select count(*) as n from arrangement_instalments where charged_at is not null and payment_id is not null`);
    expect(Number(charged.rows[0]!.n)).toBe(ARRANGEMENTS);
  }, 150_000);
});
