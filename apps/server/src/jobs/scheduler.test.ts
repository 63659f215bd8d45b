import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { buildTestApp, createTestClock, type TestContext } from '../../test/app';
import { createCustomer } from '../../test/billing';
import { createInvoice, createPaymentMethod } from '../../test/factories';
import { payments } from '../db/schema';
import { createScheduler, type JobStep } from './scheduler';
import { billingJobSteps } from './index';
import { billingContext } from '../../test/billing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error('condition not met in time');
};

describe('scheduler', () => {
  it('runs each step repeatedly with the clock, never overlapping itself, and survives a failing step', async () => {
    const clock = createTestClock('2025-06-10T12:00:00Z');
    const seen: Date[] = [];
    let active = 0;
    let maxActive = 0;
    let failures = 0;
    const slow: JobStep = {
      name: 'slow',
      everyMs: 5,
      run: async (now) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        seen.push(now);
        await sleep(20);
        active -= 1;
      },
    };
    const failing: JobStep = {
      name: 'failing',
      everyMs: 5,
      run: async () => {
        failures += 1;
        throw new Error('boom');
      },
    };
    const scheduler = createScheduler({ steps: [slow, failing], clock, log: pino({ level: 'silent' }) });
    scheduler.start();
    await waitFor(async () => seen.length >= 3 && failures >= 3);
    await scheduler.stop();
    const after = { runs: seen.length, failures };
    await sleep(40);
    expect({ runs: seen.length, failures }).toEqual(after);
    expect(maxActive).toBe(1);
    expect(active).toBe(0);
    expect(seen[0]!.toISOString()).toBe('2025-06-10T12:00:00.000Z');
  });

  it('names the sandbox settlement step only for the sandbox provider', async () => {
    const ctx = await buildTestApp();
    try {
      expect(billingJobSteps(billingContext(ctx), 2000).map((s) => [s.name, s.everyMs])).toEqual([
        ['autopay', 30000],
        ['resubmit-charges', 2000],
        ['daily-notices', 3_600_000],
        ['invoice-posted-notices', 60_000],
        ['settle-sandbox-payments', 1000],
      ]);
    } finally {
      await ctx.close();
    }
  });
});

describe('jobs in the running app', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('settles a sandbox charge by itself when JOBS_ENABLED', async () => {
    ctx = await buildTestApp({ config: { JOBS_ENABLED: true, SANDBOX_SETTLE_MS: 100 } });
    const { account, headers } = await createCustomer(ctx);
    await createInvoice(ctx.database.db, account.id, { amount: '20.00' });
    const card = await createPaymentMethod(ctx.database.db, account.id, { isDefault: true });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/b/v1/Payment/customerpayment?autoAssignPayment',
      headers,
      payload: { payment: { accountId: account.id.toString(), amount: 20, currency: 'CAD' }, paymentMethodInfo: { paymentMethodId: card.id.toString() } },
    });
    const id = BigInt(res.json().payment.id);
    ctx.clock.advance(100);
    await waitFor(async () => (await ctx.database.db.select().from(payments).where(eq(payments.id, id)))[0]!.status === 'Successful');
  });
});
