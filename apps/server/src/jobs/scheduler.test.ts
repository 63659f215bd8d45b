import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { buildTestApp, createTestClock, type TestContext } from '../../test/app';
import { appDeps, createCustomer } from '../../test/billing';
import { createTestDatabase } from '../../test/database';
import { createAccount, createInvoice, createPaymentMethod } from '../../test/factories';
import type { Database } from '../db/client';
import { jobRuns as jobRunsTable, notifications, payments } from '../db/schema';
import { createJobRunRecord } from './job-runs';
import { createScheduler, nextRunInMs, type JobStep } from './scheduler';
import { billingJobSteps, DAILY_NOTICES_EVERY_MS } from './index';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error('condition not met in time');
};
const silent = pino({ level: 'silent' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('nextRunInMs', () => {
  const at = (iso: string) => new Date(`2025-06-10T${iso}Z`);
  it.each([
    ['never waited for: due now', '12:00:00', '12:00:00', 0, 0],
    ['just ran', '12:00:00', '12:00:00', HOUR, HOUR],
    ['ran 5 minutes ago', '12:00:00', '12:05:00', HOUR, 55 * MINUTE],
    ['exactly one interval ago', '12:00:00', '13:00:00', HOUR, 0],
    ['overdue', '12:00:00', '15:30:00', HOUR, 0],
    ['recorded ahead of this clock: looked at again in one interval', '14:00:00', '12:00:00', HOUR, HOUR],
  ])('%s', (_what, lastRun, now, everyMs, wait) => {
    expect(nextRunInMs(at(lastRun), everyMs, at(now))).toBe(wait);
  });
});

describe('scheduler', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs each step repeatedly as its interval passes on the clock, never overlapping itself, and survives a failing step', async () => {
    const origin = Date.parse('2025-06-10T12:00:00Z');
    const startedAt = performance.now();
    const clock = { now: () => new Date(origin + Math.floor(performance.now() - startedAt)) };
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
    const scheduler = createScheduler({ steps: [slow, failing], clock, log: silent, record: createJobRunRecord(database.db) });
    scheduler.start();
    await waitFor(async () => seen.length >= 3 && failures >= 3);
    await scheduler.stop();
    const after = { runs: seen.length, failures };
    await sleep(40);
    expect({ runs: seen.length, failures }).toEqual(after);
    expect(maxActive).toBe(1);
    expect(active).toBe(0);
    expect(seen[0]!.getTime() - origin).toBeLessThan(1000);
    // Each run is handed the instant it was recorded at.
    const [recorded] = await database.db.select().from(jobRunsTable).where(eq(jobRunsTable.name, 'slow'));
    expect(recorded!.lastRunAt).toEqual(seen.at(-1));
  });

  it('two instances never run the same due run twice: each run of a step happens on one of them', async () => {
    const clock = createTestClock('2025-06-10T12:00:00Z');
    const runs: { instance: string; at: string }[] = [];
    const instance = (name: string) =>
      createScheduler({
        steps: [{ name: 'every-minute', everyMs: MINUTE, run: async (now) => void runs.push({ instance: name, at: now.toISOString() }) }],
        clock,
        log: silent,
        record: createJobRunRecord(database.db),
      });
    // Both instances start together, every 30 seconds, for five minutes.
    for (let second = 0; second <= 300; second += 30) {
      const [a, b] = [instance('a'), instance('b')];
      a.start();
      b.start();
      await Promise.all([a.stop(), b.stop()]);
      clock.advance(30_000);
    }
    expect(runs.map((run) => run.at)).toEqual([0, 1, 2, 3, 4, 5].map((minute) => new Date(Date.parse('2025-06-10T12:00:00Z') + minute * MINUTE).toISOString()));
  });

  it('names the sandbox settlement step only for the sandbox provider', async () => {
    const ctx = await buildTestApp();
    try {
      expect(billingJobSteps(appDeps(ctx), 2000).map((s) => [s.name, s.everyMs])).toEqual([
        ['autopay', 30000],
        ['arrangements', 60_000],
        ['resubmit-charges', 2000],
        ['daily-notices', 3_600_000],
        ['invoice-posted-notices', 60_000],
        ['event-retention', 3_600_000],
        ['webhook-delivery-retention', 3_600_000],
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
    // Past the settle delay and the settlement step's interval, both read on the app's clock.
    ctx.clock.advance(1_000);
    await waitFor(async () => (await ctx.database.db.select().from(payments).where(eq(payments.id, id)))[0]!.status === 'Successful');
  });
});

describe('jobs across restarts', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const noticesOf = async (accountId: bigint) =>
    (await database.db.select().from(notifications).where(eq(notifications.accountId, accountId))).map((n) => ({ kind: n.kind, at: n.createdAt.toISOString() }));
  const lastRuns = async () => Object.fromEntries((await database.db.select().from(jobRunsTable)).map((row) => [row.name, row.lastRunAt.toISOString()]));

  it('a fresh portal runs what is due at start-up: an expired card has its notice at once', async () => {
    const account = await createAccount(database.db);
    await createPaymentMethod(database.db, account.id, { brand: 'Mastercard', last4: '4444', expMonth: 5, expYear: 2025 });
    const ctx = await buildTestApp({ database, clock: createTestClock('2025-06-10T09:00:00Z'), config: { JOBS_ENABLED: true } });
    try {
      await waitFor(async () => (await noticesOf(account.id)).length > 0);
      expect(await noticesOf(account.id)).toEqual([{ kind: 'card_expired', at: '2025-06-10T09:00:00.000Z' }]);
    } finally {
      await ctx.close();
    }
  });

  it('an instance restarted every ten minutes still runs the hourly notices once an hour, as each job run recorded in the database says', async () => {
    // The card enters its 30 days' notice window at midnight: the run on the hour after tells its people.
    const account = await createAccount(database.db);
    await createPaymentMethod(database.db, account.id, { expMonth: 7, expYear: 2025 });
    const start = Date.parse('2025-07-01T22:30:00Z');
    const clock = createTestClock(new Date(start));
    const dailyRuns = new Set<string>();
    for (let minutes = 0; minutes <= 130; minutes += 10) {
      clock.set(new Date(start + minutes * MINUTE));
      // Up, and down again once the steps due at its start-up have run.
      const ctx = await buildTestApp({ database, clock, config: { JOBS_ENABLED: true } });
      await ctx.close();
      const runs = await lastRuns();
      dailyRuns.add(runs['daily-notices']!);
      expect(runs.autopay).toBe(clock.now().toISOString());
    }
    expect([...dailyRuns]).toEqual(['2025-07-01T22:30:00.000Z', '2025-07-01T23:30:00.000Z', '2025-07-02T00:30:00.000Z']);
    expect(Object.keys(await lastRuns()).sort()).toEqual(['arrangements', 'autopay', 'daily-notices', 'deliver-mail', 'deliver-webhooks', 'event-retention', 'invoice-posted-notices', 'resubmit-charges', 'settle-sandbox-payments', 'usage-partitions', 'usage-retention', 'webhook-delivery-retention']);
    expect(await noticesOf(account.id)).toEqual([{ kind: 'card_expiring', at: '2025-07-02T00:30:00.000Z' }]);
    expect(DAILY_NOTICES_EVERY_MS).toBe(HOUR);
  });
});
