/**
 * Usage calls against the real app on the demo data: the explorer's filters, sorting, paging and
 * totals checked against the database itself, the export's rows against the explorer's, the This
 * period summary against the Draft invoice the seed rated, bad input (400) and other accounts (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dayIn, parseJson, type UsageRecord, type UsageRecords, type UsageSummary } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { seedDemoData, type DemoSeedResult } from '../../db/seed/demo';

const NOW = new Date('2025-06-15T12:00:00Z');

let ctx: TestContext;
let seeded: DemoSeedResult;
let customer: Record<string, string>;
let staff: Record<string, string>;
let accountId: bigint;

const get = (url: string, headers = customer) => ctx.app.inject({ method: 'GET', url, headers });
const records = async (query: string, headers = customer): Promise<UsageRecords> => {
  const response = await get(`/b/v1/Usage/records/${accountId}?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return parseJson(response.body) as UsageRecords;
};
/** Every record the filter selects, read page by page through the call itself. */
const allRecords = async (filter: string): Promise<UsageRecord[]> => {
  const all: UsageRecord[] = [];
  for (let skip = 0; ; skip += 200) {
    const page = await records(`${filter}&orderby=StartedAt asc&take=200&skip=${skip}`);
    all.push(...page.value);
    if (page.value.length < 200) return all;
  }
};
const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> =>
  (await ctx.database.db.execute<T>(query)).rows[0]!;

/** What the database holds for the customer's account under a condition on `cdrs c`. */
const expected = (condition: ReturnType<typeof sql>) =>
  one<{ n: string; duration: string; data: string; amount: string }>(sql`
    select count(*)::text as n, coalesce(sum(duration_seconds), 0)::text as duration, coalesce(sum(data_kb), 0)::text as data,
      coalesce(sum(amount), 0)::numeric(14,2)::text as amount
    from cdrs c where c.account_id = ${accountId} and ${condition}`);

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
  seeded = await seedDemoData(ctx.database, { now: NOW });
  accountId = seeded.accountIds.customer;
  const db = ctx.database.db;
  const user = await createUser(db, { accountIds: [accountId] });
  customer = bearer(await tokenFor(db, user, { now: NOW }));
  staff = bearer(await tokenFor(db, await createUser(db, { roles: ['Staff'] }), { accountIds: [], now: NOW }));
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('Usage/records', () => {
  it('answers a page newest first, with the count and totals of the whole set', async () => {
    const page = await records('count=true');
    const all = await expected(sql`true`);
    expect(page.value).toHaveLength(25);
    expect(page.count).toBe(Number(all.n));
    expect(page.totals).toEqual({ count: Number(all.n), durationSeconds: Number(all.duration), dataKb: Number(all.data), amount: Number(all.amount) });
    const times = page.value.map((r) => r.startedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.currency).toBe('CAD');
  });

  it('leaves the count out unless asked', async () => {
    const page = await records('take=1');
    expect(page.count).toBeUndefined();
    expect(page.totals.count).toBeGreaterThan(1);
  });

  it.each([
    ['type=sms', sql`c.kind = 'sms'`, (r: UsageRecord) => r.type === 'sms'],
    ['type=data&roaming=false', sql`c.kind = 'data' and (c.usage_class is null or c.usage_class not in (5, 6, 7))`, (r: UsageRecord) => r.type === 'data' && !r.roaming],
    ['roaming=true', sql`c.usage_class in (5, 6, 7)`, (r: UsageRecord) => r.roaming],
    ['minAmount=0.50', sql`c.amount >= 0.50`, (r: UsageRecord) => Number(r.amount) >= 0.5],
    ['direction=outgoing&type=voice', sql`c.kind = 'voice'`, (r: UsageRecord) => r.direction === 'outgoing' && r.type === 'voice'],
    [
      'from=2025-03-01&to=2025-03-31',
      sql`c.started_at >= '2025-03-01T00:00:00-05:00' and c.started_at < '2025-04-01T00:00:00-04:00'`,
      // Days of the account's zone (Toronto), not UTC ones.
      (r: UsageRecord) => dayIn('America/Toronto', Date.parse(r.startedAt)).startsWith('2025-03-'),
    ],
    [
      'number=' + encodeURIComponent('(416) 555-01'),
      sql`(c.from_number like '%41655501%' or c.to_number like '%41655501%')`,
      (r: UsageRecord) => `${r.fromNumber} ${r.toNumber ?? ''}`.includes('41655501'),
    ],
  ])('filters on the server: %s', async (filter, condition, holds) => {
    const page = await records(`${filter}&count=true&take=200`);
    const db = await expected(condition);
    expect(Number(db.n)).toBeGreaterThan(0);
    expect(page.count).toBe(Number(db.n));
    expect(page.totals.amount).toBe(Number(db.amount));
    expect(page.value.length).toBe(Math.min(200, Number(db.n)));
    expect(page.value.every(holds)).toBe(true);
  });

  it('combines filters, and finds nothing where nothing matches', async () => {
    const none = await records('direction=incoming&count=true');
    expect(none).toMatchObject({ value: [], count: 0, totals: { count: 0, durationSeconds: 0, dataKb: 0, amount: 0 }, daily: [] });
    const narrow = await records('type=voice&roaming=true&minAmount=1&count=true');
    expect(narrow.value.every((r) => r.type === 'voice' && r.roaming && Number(r.amount) >= 1)).toBe(true);
    expect(narrow.count).toBe(Number((await expected(sql`c.kind = 'voice' and c.usage_class in (5, 6, 7) and c.amount >= 1`)).n));
  });

  it.each([
    ['Amount desc', (r: UsageRecord) => Number(r.amount), -1],
    ['Duration asc', (r: UsageRecord) => r.durationSeconds, 1],
    ['Data desc', (r: UsageRecord) => r.dataKb, -1],
  ] as const)('sorts by any column: %s', async (orderby, key, direction) => {
    const page = await records(`orderby=${encodeURIComponent(orderby)}&take=200`);
    const keys = page.value.map(key);
    for (let i = 1; i < keys.length; i++) expect(Math.sign(keys[i]! - keys[i - 1]!) * direction).toBeGreaterThanOrEqual(0);
  });

  it('sorts text columns and breaks ties by id, so pages never repeat a record', async () => {
    const filter = 'from=2025-01-01&to=2025-02-28';
    const whole = await records(`${filter}&orderby=Type,From desc&take=200`);
    const paged = [...(await records(`${filter}&orderby=Type,From desc&take=60`)).value, ...(await records(`${filter}&orderby=Type,From desc&take=60&skip=60`)).value];
    expect(paged.map((r) => r.id)).toEqual(whole.value.slice(0, 120).map((r) => r.id));
    const types = whole.value.map((r) => r.type);
    expect(types).toEqual([...types].sort());
  });

  it('pages with skip and take', async () => {
    const first = await records('take=10&orderby=StartedAt asc');
    const second = await records('take=10&skip=10&orderby=StartedAt asc');
    const twenty = await records('take=20&orderby=StartedAt asc');
    expect([...first.value, ...second.value].map((r) => r.id)).toEqual(twenty.value.map((r) => r.id));
  });

  it('gives the daily series of the filtered set, by type', async () => {
    const page = await records('from=2025-05-01&to=2025-05-31');
    const byDay = await ctx.database.db.execute<{ day: string; voice: string; sms: string; data: string; kb: string }>(sql`
      select to_char(started_at at time zone 'America/Toronto', 'YYYY-MM-DD') as day, count(*) filter (where kind = 'voice')::text as voice,
        count(*) filter (where kind = 'sms')::text as sms, count(*) filter (where kind = 'data')::text as data,
        coalesce(sum(data_kb) filter (where kind = 'data'), 0)::text as kb
      from cdrs where account_id = ${accountId} and started_at >= '2025-05-01T00:00:00-04:00' and started_at < '2025-06-01T00:00:00-04:00'
      group by 1 order by 1`);
    expect(page.daily.map((d) => [d.day, d.voiceCount, d.smsCount, d.dataCount, d.dataKb])).toEqual(
      byDay.rows.map((r) => [r.day, Number(r.voice), Number(r.sms), Number(r.data), Number(r.kb)]),
    );
  });

  it.each([
    ['from=2025-13-01', 'from'],
    ['from=2025-05-02&to=2025-05-01', 'from must be on or before to'],
    ['type=fax', 'type must be'],
    ['direction=sideways', 'direction must be'],
    ['number=abc', 'number must contain a digit'],
    ['roaming=maybe', "'true' or 'false'"],
    ['minAmount=-1', 'minAmount must be 0 or more'],
    ['minAmount=0.001', 'at most 2 decimals'],
    ['take=201', 'take must be at most 200'],
    ['skip=-1', 'skip must be 0 or more'],
    ['orderby=Secret', "Unknown field 'Secret'"],
    ['orderby=Amount%20sideways', "Expected 'asc' or 'desc'"],
  ])('refuses %s with a clear 400', async (query, message) => {
    const response = await get(`/b/v1/Usage/records/${accountId}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });
});

describe('Usage/records/export', () => {
  const csvRows = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\n');

  it('streams exactly the filtered set, in time order, as the invoice CDR file', async () => {
    const filter = 'from=2025-02-01&to=2025-04-30&type=voice&minAmount=0.10';
    const response = await get(`/b/v1/Usage/records/${accountId}/export?${filter}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`Usage-${100_000 + Number(accountId)}-2025-02-01-2025-04-30.csv`);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = csvRows(response.body);
    expect(header).toBe('Date/Time,Type,From,To,Duration (s),Data (KB),Description,Amount');
    const expectedRows = await allRecords(filter);
    expect(expectedRows.length).toBeGreaterThan(5);
    expect(lines).toHaveLength(expectedRows.length);
    // Each line is the record's: the same instant (printed in Toronto time), numbers, duration and amount.
    lines.forEach((line, i) => {
      const cells = line.split(',');
      const record = expectedRows[i]!;
      expect(new Date(cells[0]!).toISOString()).toBe(record.startedAt);
      expect(cells[0]).toMatch(/-0[45]:00$/);
      expect([cells[1], cells[2], cells[3], Number(cells[4])]).toEqual(['Voice', record.fromNumber, record.toNumber, record.durationSeconds]);
      expect(cells.at(-1)).toBe(record.amount);
    });
  });

  it('writes for a French account in French', async () => {
    const user = await createUser(ctx.database.db, { accountIds: [seeded.accountIds.francais] });
    const headers = bearer(await tokenFor(ctx.database.db, user, { now: NOW }));
    const response = await get(`/b/v1/Usage/records/${seeded.accountIds.francais}/export?type=sms&from=2025-05-01&to=2025-05-31`, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Consommation-');
    const [header, first] = csvRows(response.body);
    expect(header).toBe('Date/heure,Type,De,À,Durée (s),Données (Ko),Description,Montant');
    expect(first).toContain(',Message texte,');
  });

  it('has only a header when nothing matches, and refuses bad filters', async () => {
    const empty = await get(`/b/v1/Usage/records/${accountId}/export?direction=incoming`);
    expect(csvRows(empty.body)).toHaveLength(1);
    expect((await get(`/b/v1/Usage/records/${accountId}/export?to=2025-01-01&from=2025-02-01`)).statusCode).toBe(400);
  });
});

describe('Usage/summary', () => {
  const summary = async (id: bigint, headers = staff): Promise<UsageSummary> => {
    const response = await get(`/b/v1/Usage/summary/${id}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return parseJson(response.body) as UsageSummary;
  };

  it("measures the open period against the customer's plan", async () => {
    const s = await summary(accountId, customer);
    expect(s.period).toEqual({ start: '2025-06-01', end: '2025-06-30' });
    expect(s.asOf).toBe(NOW.toISOString());
    // USAGE_RETENTION_MONTHS' default: records are kept 24 months, from the first of the month that far back.
    expect(s.recordsKept).toEqual({ months: 24, from: '2023-06-01' });
    expect(s.plan).toEqual({ name: 'Talk & Text 150 + 5 GB', lines: 1 });
    const db = await one<{ minutes: string; texts: string; mb: string }>(sql`
      select coalesce(sum(ceil(duration_seconds / 60.0)) filter (where kind = 'voice' and (usage_class is null or usage_class = 0)), 0)::text as minutes,
        count(*) filter (where kind = 'sms' and usage_class is null)::text as texts,
        coalesce(sum(ceil(data_kb / 1024.0)) filter (where kind = 'data' and (usage_class is null or usage_class = 4)), 0)::text as mb
      from cdrs where account_id = ${accountId} and started_at >= '2025-06-01T00:00:00-04:00'`);
    expect(s.allowances).toEqual({
      voiceMinutes: { used: Number(db.minutes), included: 150 },
      textMessages: { used: Number(db.texts), included: null },
      dataMb: { used: Number(db.mb), included: 5 * 1024 },
    });
  });

  it('estimates the Draft invoice the seed rated: plan, usage charges and taxes to the cent', async () => {
    const drafts = await ctx.database.db.execute<{ account_id: string; amount: string; plan: string; usage: string; extras: string }>(sql`
      select i.account_id::text, i.amount::text,
        coalesce(sum(c.amount) filter (where c.category = 'Plan'), 0)::text as plan,
        coalesce(sum(c.amount) filter (where c.category = 'Usage'), 0)::text as usage,
        count(*) filter (where c.category in ('OneTime', 'Adjustment'))::text as extras
      from invoices i join charges c on c.invoice_id = i.id where i.state = 'Draft' group by i.id order by i.id`);
    expect(drafts.rows.length).toBeGreaterThan(0);
    let compared = 0;
    for (const draft of drafts.rows) {
      const s = await summary(BigInt(draft.account_id));
      expect(s.estimate.plan).toBe(Number(draft.plan));
      expect(s.estimate.usage).toBe(Number(draft.usage));
      expect(s.estimate.usage).toBe(Number((s.overage + s.roaming + s.otherUsage).toFixed(2)));
      // With no one-time charge or credit, the draft is exactly plan + usage + taxes.
      if (draft.extras === '0') {
        expect(s.estimate.total).toBe(Number(draft.amount));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('shows Quebec taxes in French for the French account', async () => {
    const s = await summary(seeded.accountIds.francais);
    expect(s.estimate.taxesIncluded).toBe(true);
    expect(s.estimate.taxes.map((t) => t.description)).toEqual(['TPS 5 %', 'TVQ 9,975 %']);
  });
});

describe('another account', () => {
  it.each([
    ['summary', (id: bigint) => `/b/v1/Usage/summary/${id}`],
    ['records', (id: bigint) => `/b/v1/Usage/records/${id}`],
    ['export', (id: bigint) => `/b/v1/Usage/records/${id}/export`],
  ])('%s answers 404 for an account the customer may not use, and for an unknown one', async (_, url) => {
    for (const id of [seeded.accountIds.others[0]!, 999_999_999n]) {
      const response = await get(url(id));
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('The account was not found.');
    }
    expect((await get(url(seeded.accountIds.others[0]!), staff)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/b/v1/Usage/records/${accountId}` })).statusCode).toBe(401);
  });
});
