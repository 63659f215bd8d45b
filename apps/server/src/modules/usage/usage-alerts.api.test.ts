/**
 * Usage alerts and the spending limit from real batches through the provider API
 * (docs/decisions/0033-usage-alerts-and-spending-limits.md): each threshold fires once per period, as a
 * notification and (if chosen) an email in the account's language; a replayed batch fires nothing; the
 * limit emits `usage.limit_changed` and, once reached, `usage.limit_reached`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { parseJson, stringifyJson, type EventType, type UsageAlertSettings } from '@portal/contract';
import { usageBatchInput } from '@portal/contract/test-support/usage-batch';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { createCustomer } from '../../../test/billing';
import { bearer, createAccount, createBillingDetails } from '../../../test/factories';
import { mailHeader, mailParts, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { events, notifications, usageAlertsFired } from '../../db/schema';

const NOW = new Date('2026-11-20T12:00:00Z');
const PLAN = { planName: 'Talk 100', planLines: 1, planVoiceMinutes: 100, planDataMb: 1000 };

let ctx: TestContext;
let smtp: TestSmtpServer;
let client: Record<string, string>;

type Row = Record<string, string | number | null>;
let serial = 0;
/** A call of `minutes` whole minutes on the account, billed at `amount`. */
const call = (account: string, minutes: number, overrides: Row = {}): Row => {
  serial += 1;
  return { ...usageBatchInput, recordId: `AL-${serial}`, accountExternalId: account, startedAt: '2026-11-18T15:00:00Z', durationSeconds: minutes * 60, amount: '0.0000', ...overrides };
};
const data = (account: string, mb: number, overrides: Row = {}): Row =>
  call(account, 0, { kind: 'data', toNumber: null, durationSeconds: 0, dataKb: mb * 1024, description: 'Mobile data', ...overrides });

const loadBatch = async (batchId: string, rows: Row[]) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/p/v1/usage/batches/${batchId}`,
    headers: { ...client, 'content-type': 'application/x-ndjson' },
    payload: rows.map((r) => JSON.stringify(r)).join('\n') + '\n',
  });
  expect(res.statusCode, res.body).toBe(200);
};

const put = (url: string, headers: Record<string, string>, body: unknown) =>
  ctx.app.inject({ method: 'PUT', url, headers: { ...headers, 'content-type': 'application/json' }, payload: stringifyJson(body) });

const alertsOf = async (accountId: bigint) =>
  (await ctx.database.db.select().from(notifications).where(and(eq(notifications.accountId, accountId), eq(notifications.kind, 'usage_alert'))).orderBy(asc(notifications.id))).map(
    (n) => ({ message: n.message, data: n.data as Record<string, unknown> }),
  );

const eventsOf = async (accountId: bigint, type: EventType) =>
  (await ctx.database.db.select().from(events).where(and(eq(events.accountId, accountId), eq(events.type, type))).orderBy(asc(events.occurredAt))).map((e) => e.data);

/** Sends what is queued; the mails that arrived for `person` (subject, plain text). */
const sent = async (person: { email: string | null }) => {
  const before = smtp.received.length;
  await ctx.app.outbox.deliverDue(ctx.clock.now());
  return smtp.received
    .slice(before)
    .filter(({ to }) => to.includes(person.email!))
    .map(({ raw }) => ({ subject: mailHeader(raw, 'Subject') ?? '', text: mailParts(raw).parts['text/plain'] ?? '' }));
};

const customerWithPlan = async (externalId: string, language: 'English' | 'French' = 'English') => {
  const customer = await createCustomer(ctx, { externalId, language, ...PLAN });
  await createBillingDetails(ctx.database.db, customer.account.id);
  return customer;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await buildTestApp({ clock: createTestClock(NOW), config: { PUBLIC_ORIGIN: 'https://portal.example', SMTP_URL: smtp.url } });
  client = bearer(await clientTokenFor(ctx, ['usage:write']));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('usage alerts', () => {
  it('answers the defaults until chosen, then the choice', async () => {
    const { account, headers } = await customerWithPlan('AL-SETTINGS');
    const url = `/b/v1/Usage/alerts/${account.id}`;
    const defaults = await ctx.app.inject({ method: 'GET', url, headers });
    expect(defaults.json()).toEqual({
      allowances: ['voice', 'sms', 'data', 'roaming'].map((kind) => ({ kind, percents: [80, 100] })),
      email: true,
    });
    const choice: UsageAlertSettings = { allowances: [{ kind: 'data', percents: [90, 50] as never }], overageAmount: 15, email: false };
    const saved = await put(url, headers, choice);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url, headers })).json()).toEqual({ allowances: [{ kind: 'data', percents: [50, 90] }], overageAmount: 15, email: false });
    const refused = await put(url, headers, { allowances: [{ kind: 'data', percents: [75] }], email: true });
    expect(refused.statusCode).toBe(400);
  });

  it('fires 80 % once as the batch crossing it loads, not again on a replay, then 100 %, emailed in English', async () => {
    const { account, user } = await customerWithPlan('AL-EN');
    await loadBatch('AL-EN-1', [call('AL-EN', 50)]);
    expect(await alertsOf(account.id)).toEqual([]);
    const crossing = [call('AL-EN', 35)];
    await loadBatch('AL-EN-2', crossing);
    await loadBatch('AL-EN-2', crossing);
    const first = await alertsOf(account.id);
    expect(first.map((n) => n.message)).toEqual(['You have used 80 % of your voice minutes: 85 of 100 minutes, with 10 days left in the period.']);
    expect(first[0]!.data).toMatchObject({ alert: 'voice', percent: 80, used: '85', included: '100', daysLeft: 10, periodStart: '2026-11-01', periodEnd: '2026-11-30' });
    const mails = await sent(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('usage alert');
    expect(mails[0]!.text).toContain('85 of 100 minutes, with 10 days left in the period');
    expect(mails[0]!.text).toContain('https://portal.example/usage');

    await loadBatch('AL-EN-3', [call('AL-EN', 20)]);
    expect((await alertsOf(account.id)).map((n) => n.data.percent)).toEqual([80, 100]);
    await loadBatch('AL-EN-4', [call('AL-EN', 20)]);
    expect(await alertsOf(account.id)).toHaveLength(2);
  });

  it('records every threshold one batch crosses, telling the highest once, in French', async () => {
    const { account, user } = await customerWithPlan('AL-FR', 'French');
    await loadBatch('AL-FR-1', [data('AL-FR', 700), data('AL-FR', 500)]);
    const told = await alertsOf(account.id);
    expect(told.map((n) => n.message)).toEqual(['Vous avez utilisé 100 % de vos données : 1\u00a0200 sur 1\u00a0000 Mo, et il reste 10 jours avant la fin de la période.']);
    const fired = await ctx.database.db.select().from(usageAlertsFired).where(eq(usageAlertsFired.accountId, account.id));
    expect(fired.map((f) => [f.alert, f.threshold]).sort()).toEqual([
      ['data', 100n],
      ['data', 80n],
    ]);
    const mails = await sent(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('alerte de consommation');
    expect(mails[0]!.text).toContain('1\u00a0200 sur 1\u00a0000 Mo');
    expect(mails[0]!.text).toContain('https://portal.example/usage?lang=fr');
  });

  it('tells by notification only when email is off, and tells when roaming starts', async () => {
    const { account, headers, user } = await customerWithPlan('AL-QUIET');
    await put(`/b/v1/Usage/alerts/${account.id}`, headers, { allowances: [{ kind: 'voice', percents: [50] }], email: false });
    await loadBatch('AL-QUIET-1', [call('AL-QUIET', 60), call('AL-QUIET', 1, { ratingClass: 'RoamingVoice', amount: '1.5000', description: 'Call from Paris' })]);
    expect((await alertsOf(account.id)).map((n) => n.data.alert)).toEqual(['voice', 'roaming_started']);
    expect((await alertsOf(account.id))[1]!.message).toBe(
      'You are roaming: calls, texts and data abroad are charged beyond your plan. Roaming so far: $1.50, with 10 days left in the period.',
    );
    expect(await sent(user)).toEqual([]);
  });

  it('decides nothing for an account nobody reaches and nobody configured', async () => {
    const account = await createAccount(ctx.database.db, { externalId: 'AL-NOBODY', ...PLAN });
    await createBillingDetails(ctx.database.db, account.id);
    await loadBatch('AL-NOBODY-1', [call('AL-NOBODY', 200)]);
    expect(await ctx.database.db.select().from(usageAlertsFired).where(eq(usageAlertsFired.accountId, account.id))).toEqual([]);
  });
});

describe('the spending limit', () => {
  it('emits usage.limit_changed when set, usage.limit_reached once reached, and again for a raised limit reached', async () => {
    const { account, headers } = await customerWithPlan('AL-LIMIT');
    const url = `/b/v1/Usage/limit/${account.id}`;
    expect((await ctx.app.inject({ method: 'GET', url, headers })).json()).toEqual({ amount: null, used: 0, reached: false });
    const set = await put(url, headers, { amount: '10.00' });
    expect(set.statusCode, set.body).toBe(200);
    expect(await eventsOf(account.id, 'usage.limit_changed')).toEqual([{ previousLimit: null, limit: '10.00', used: '0.00', currency: 'CAD', reached: false }]);
    // The same limit again changes nothing.
    await put(url, headers, { amount: 10 });
    expect(await eventsOf(account.id, 'usage.limit_changed')).toHaveLength(1);

    const overage = (minutes: number, amount: string) => call('AL-LIMIT', minutes, { ratingClass: 'VoiceOverage', amount });
    await loadBatch('AL-LIMIT-1', [overage(5, '6.0000')]);
    expect(await eventsOf(account.id, 'usage.limit_reached')).toEqual([]);
    await loadBatch('AL-LIMIT-2', [overage(5, '4.5000')]);
    expect(await eventsOf(account.id, 'usage.limit_reached')).toEqual([{ limit: '10.00', used: '10.50', currency: 'CAD', periodStart: '2026-11-01', periodEnd: '2026-11-30' }]);
    expect(parseJson((await ctx.app.inject({ method: 'GET', url, headers })).body)).toEqual({ amount: 10, used: 10.5, reached: true });
    const told = (await alertsOf(account.id)).filter((n) => n.data.alert === 'limit');
    expect(told.map((n) => n.message)).toEqual([
      'Your charges beyond the plan reached your spending limit of $10.00 ($10.50 so far): your provider bars service beyond the plan until the period ends, 10 days left in the period.',
    ]);
    await loadBatch('AL-LIMIT-3', [overage(1, '1.0000')]);
    expect(await eventsOf(account.id, 'usage.limit_reached')).toHaveLength(1);

    // The provider raises it for the rest of the period.
    const provider = bearer(await clientTokenFor(ctx, ['usage:write']));
    const raised = await put('/p/v1/accounts/AL-LIMIT/limit', provider, { amount: '20.00' });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toEqual({ amount: 20, used: 11.5, reached: false });
    expect((await eventsOf(account.id, 'usage.limit_changed')).at(-1)).toEqual({ previousLimit: '10.00', limit: '20.00', used: '11.50', currency: 'CAD', reached: false });
    await loadBatch('AL-LIMIT-4', [overage(5, '9.0000')]);
    expect((await eventsOf(account.id, 'usage.limit_reached')).map((e) => (e as { limit: string }).limit)).toEqual(['10.00', '20.00']);
  });

  it('answers 404 to the provider for an unknown account and 403 without the scope', async () => {
    expect((await put('/p/v1/accounts/AL-NONE/limit', client, { amount: '5.00' })).statusCode).toBe(404);
    const other = bearer(await clientTokenFor(ctx, ['accounts:write']));
    expect((await put('/p/v1/accounts/AL-LIMIT/limit', other, { amount: '5.00' })).statusCode).toBe(403);
  });

  it('fires the limit at once when lowered below what the period used', async () => {
    const { account, headers } = await customerWithPlan('AL-LOWER');
    await loadBatch('AL-LOWER-1', [call('AL-LOWER', 3, { ratingClass: 'VoiceOverage', amount: '8.0000' })]);
    const res = await put(`/b/v1/Usage/limit/${account.id}`, headers, { amount: '5.00' });
    expect(res.json()).toEqual({ amount: 5, used: 8, reached: true });
    expect(await eventsOf(account.id, 'usage.limit_reached')).toEqual([{ limit: '5.00', used: '8.00', currency: 'CAD', periodStart: '2026-11-01', periodEnd: '2026-11-30' }]);
  });
});
