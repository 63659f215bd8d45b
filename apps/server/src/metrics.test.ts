/**
 * `/metrics` on METRICS_PORT (`plugins/metrics.ts`, `lib/metrics.ts`): scrape, make traffic,
 * scrape again, and the series that traffic should move have moved (never on the public port).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/app';
import { authCalls } from '../test/auth';
import { createCustomer } from '../test/billing';
import { freePort } from '../test/instances';
import { createPayment } from '../test/factories';
import { isNull } from 'drizzle-orm';
import { mailOutbox } from './db/schema';
import { createJobRunRecord } from './jobs/job-runs';
import { createScheduler } from './jobs/scheduler';
import { settlePayment } from './modules/payments';

/** Every sample of a scrape, by its series (`name{labels}`). */
const parse = (text: string): Map<string, number> =>
  new Map(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const at = line.lastIndexOf(' ');
        return [line.slice(0, at), Number(line.slice(at + 1))] as const;
      }),
  );

let ctx: TestContext;
let metricsUrl: string;
beforeAll(async () => {
  const port = await freePort();
  ctx = await buildTestApp({ config: { METRICS_PORT: port, HOST: '127.0.0.1' } });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(() => ctx.close());

const scrape = async () => {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await response.text());
};
const value = (samples: Map<string, number>, series: string) => samples.get(series) ?? 0;

describe('metrics', () => {
  it('moves the right series with traffic, on their own port only', async () => {
    const before = await scrape();
    const customer = await createCustomer(ctx);

    // Requests by route pattern: two accounts' ids, one series.
    for (let i = 0; i < 2; i += 1) {
      expect((await ctx.app.inject({ url: `/b/v1/Account/${customer.account.id}`, headers: customer.headers })).statusCode).toBe(200);
    }
    // Refused sign-ins, then the throttle.
    const auth = authCalls(ctx.app);
    let throttled = false;
    for (let i = 0; i < 12 && !throttled; i += 1) throttled = (await auth.login('nobody-here', 'wrong-password')).statusCode === 429;
    expect(throttled).toBe(true);
    // A payment settles.
    const payment = await createPayment(ctx.database.db, customer.account.id, { status: 'InProgress' });
    await ctx.database.db.transaction((tx) => settlePayment(tx, new Date(), payment.id, { status: 'Successful' }, { notifyManualFailure: false, outbox: ctx.app.outbox }));
    // Job steps run, one fails.
    const scheduler = createScheduler({
      steps: [
        { name: 'metrics-test-ok', everyMs: 60_000, run: async () => undefined },
        { name: 'metrics-test-failing', everyMs: 60_000, run: () => Promise.reject(new Error('boom')) },
      ],
      clock: ctx.clock,
      log: ctx.app.log,
      record: createJobRunRecord(ctx.database.db),
    });
    scheduler.start();
    await scheduler.stop();
    // A mail waits in the outbox (besides the payment's own notification emails, if any).
    const queued = (await ctx.database.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt))).length;
    await ctx.database.db.insert(mailOutbox).values({ purpose: 'test', toAddress: 'a@example.com', content: {}, createdAt: new Date(Date.now() - 5_000) });

    const after = await scrape();
    const route = 'route="/b/v1/Account/:accountId",method="GET",status="200"';
    expect(value(after, `http_request_duration_seconds_count{${route}}`) - value(before, `http_request_duration_seconds_count{${route}}`)).toBe(2);
    expect([...after.keys()].some((series) => series.includes(`/b/v1/Account/${customer.account.id}`))).toBe(false);
    expect(value(after, 'sign_in_failures_total') - value(before, 'sign_in_failures_total')).toBeGreaterThanOrEqual(10);
    expect(value(after, 'sign_in_throttled_total') - value(before, 'sign_in_throttled_total')).toBe(1);
    expect(value(after, 'payments_settled_total{outcome="Successful"}') - value(before, 'payments_settled_total{outcome="Successful"}')).toBe(1);
    expect(value(after, 'job_runs_total{job="metrics-test-ok",outcome="ok"}')).toBe(1);
    expect(value(after, 'job_runs_total{job="metrics-test-failing",outcome="failed"}')).toBe(1);
    expect(after.has('job_lag_seconds{job="metrics-test-ok"}')).toBe(true);
    expect(value(after, 'mail_outbox_depth')).toBe(queued + 1);
    expect(value(after, 'mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(4);
    expect(after.has('nodejs_eventloop_lag_seconds')).toBe(true);
    // The customer's token and session, remembered since their first call.
    expect(value(before, 'auth_remembered_entries{kind="sessions"}')).toBe(0);
    expect(value(after, 'auth_remembered_entries{kind="sessions"}')).toBe(1);
    expect(value(before, 'auth_remembered_entries{kind="verified_tokens"}')).toBe(0);
    expect(value(after, 'auth_remembered_entries{kind="verified_tokens"}')).toBe(1);
    if (ctx.database.kind === 'postgres') {
      expect(after.has('db_pool_connections{pool="main",state="in_use"}')).toBe(true);
      expect(after.has('db_pool_connections{pool="export",state="waiting"}')).toBe(true);
    }

    // The public port knows no /metrics (at most the web app's page for an unknown path).
    expect((await ctx.app.inject('/metrics')).body).not.toContain('http_request_duration_seconds');
  });
});
