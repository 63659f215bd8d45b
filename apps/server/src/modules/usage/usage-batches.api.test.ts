/**
 * POST /p/v1/usage/batches/{batchId}: NDJSON, CSV and gzip bodies; all or nothing (422 with line
 * numbers, nothing loaded); a replayed batch id; record ids loaded before; unbilled records in the
 * customer's This period and explorer; the audit entry by the client; the provider event per account.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { parseJson, type UsageBatchResult, type UsageRecords, type UsageSummary } from '@portal/contract';
import { buildTestApp, createTestClock, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { createCustomer } from '../../../test/billing';
import { events } from '../../db/schema';
import { CHUNK_RECORDS } from './batch-chunk';
import { bearer, createAccount, createBillingDetails, createInvoice } from '../../../test/factories';
import { usageBatchInput } from '@portal/contract/test-support/usage-batch';

const NOW = new Date('2026-11-20T12:00:00Z');

let ctx: TestContext;
let client: Record<string, string>;
let customer: { account: { id: bigint }; headers: Record<string, string> };
let invoiceId: bigint;

type Row = Record<string, string | number | null>;
let serial = 0;
const record = (overrides: Row = {}): Row => {
  serial += 1;
  return { ...usageBatchInput, recordId: `CDR-${serial}`, accountExternalId: 'BATCH-ACC-1', startedAt: '2026-11-03T09:15:00Z', amount: '0.0000', ...overrides };
};
const ndjson = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

const post = (batchId: string, payload: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/x-ndjson' }) =>
  ctx.app.inject({ method: 'POST', url: `/p/v1/usage/batches/${batchId}`, headers: { ...client, ...headers }, payload });

const loaded = async (batchId: string, payload: string | Buffer, headers?: Record<string, string>): Promise<UsageBatchResult> => {
  const res = await post(batchId, payload, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UsageBatchResult>();
};

const count = async (where = sql`true`) =>
  Number((await ctx.database.db.execute<{ n: string }>(sql`select count(*)::text as n from cdrs where ${where}`)).rows[0]!.n);

beforeAll(async () => {
  ctx = await buildTestApp({ clock: createTestClock(NOW) });
  customer = await createCustomer(ctx, { externalId: 'BATCH-ACC-1' });
  await createBillingDetails(ctx.database.db, customer.account.id);
  await createAccount(ctx.database.db, { externalId: 'BATCH-ACC-2' });
  invoiceId = (await createInvoice(ctx.database.db, customer.account.id, { externalId: 'BATCH-INV-1', startDate: '2026-10-01', endDate: '2026-10-31' })).id;
  client = bearer(await clientTokenFor(ctx, ['usage:write']));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('loading a batch', () => {
  it('loads NDJSON records, billed ones on the invoice the provider names', async () => {
    const rows = [record({ recordId: 'N-1', invoiceExternalId: 'BATCH-INV-1', startedAt: '2026-10-12T08:00:00-04:00' }), record({ recordId: 'N-2', kind: 'sms', durationSeconds: null }), record({ recordId: 'N-3', kind: 'data', toNumber: null, durationSeconds: 0, dataKb: 2048, amount: '1.2500', ratingClass: 'DataOverage' })];
    expect(await loaded('B-NDJSON', ndjson(rows))).toEqual({ loaded: 3, duplicates: 0, rejected: [] });
    const stored = await ctx.database.db.execute<{ record_id: string; invoice_id: bigint | null; started_at: Date; usage_class: number | null; data_kb: number }>(
      sql`select record_id, invoice_id, started_at, usage_class, data_kb from cdrs where record_id in ('N-1', 'N-2', 'N-3') order by record_id`,
    );
    expect(stored.rows.map((r) => [r.record_id, r.invoice_id, new Date(r.started_at).toISOString(), r.usage_class, r.data_kb])).toEqual([
      ['N-1', invoiceId, '2026-10-12T12:00:00.000Z', null, 0],
      ['N-2', null, '2026-11-03T09:15:00.000Z', null, 0],
      ['N-3', null, '2026-11-03T09:15:00.000Z', 4, 2048],
    ]);
  });

  it('loads CSV with a header row, quoted fields and empty optional columns', async () => {
    const csv = [
      'recordId,accountExternalId,startedAt,kind,direction,fromNumber,toNumber,durationSeconds,dataKb,description,amount,invoiceExternalId',
      'C-1,BATCH-ACC-1,2026-11-04T10:00:00Z,voice,incoming,+14165550100,+33142685300,60,,"Call from Paris, France",0.0000,',
      'C-2,BATCH-ACC-2,2026-11-04T11:00:00Z,sms,outgoing,+14165550111,+14165550112,,,Text,0.1000,',
    ].join('\r\n');
    expect(await loaded('B-CSV', csv, { 'content-type': 'text/csv; charset=utf-8' })).toEqual({ loaded: 2, duplicates: 0, rejected: [] });
    const row = (await ctx.database.db.execute<{ description: string; direction: string }>(sql`select description, direction from cdrs where record_id = 'C-1'`)).rows[0];
    expect(row).toEqual({ description: 'Call from Paris, France', direction: 'incoming' });
  });

  it('loads a gzip body', async () => {
    const body = gzipSync(ndjson([record({ recordId: 'G-1' }), record({ recordId: 'G-2' })]));
    expect(await loaded('B-GZIP', body, { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' })).toEqual({ loaded: 2, duplicates: 0, rejected: [] });
    expect(await count(sql`record_id in ('G-1', 'G-2')`)).toBe(2);
  });

  it('audits the load on each account, by the client', async () => {
    const { rows } = await ctx.database.db.execute<{ n: string; name: string }>(sql`
      select l.details->>'loaded' as n, c.name from audit_log l join api_clients c on c.id = l.actor_client_id
      where l.action = 'usage.batch_loaded' and l.entity_id = 'B-CSV' order by l.account_id`);
    expect(rows).toEqual([
      { n: '1', name: expect.stringContaining('Test client') },
      { n: '1', name: expect.stringContaining('Test client') },
    ]);
  });

  it('shows the load in the customer’s Account activity, by the client', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/Account/${customer.account.id}/history`, headers: customer.headers });
    expect(res.statusCode, res.body).toBe(200);
    const entries = (parseJson(res.body) as { value: { action: string; actor: { kind: string; name: string | null } }[] }).value;
    expect(entries.filter((e) => e.action === 'usage.batch_loaded')).toContainEqual({ action: 'usage.batch_loaded', actor: { kind: 'client', name: expect.stringContaining('Test client') } , at: expect.any(String), id: expect.anything(), amount: null, currency: null, card: null });
  });
});

describe('all or nothing', () => {
  it('refuses a batch with bad lines with 422, every bad line numbered, and loads nothing', async () => {
    const before = await count();
    const body = [
      JSON.stringify(record({ recordId: 'X-1' })),
      JSON.stringify(record({ recordId: 'X-2', amount: 1.5 })),
      '{not json',
      JSON.stringify(record({ recordId: 'X-4', accountExternalId: 'NO-SUCH-ACCOUNT' })),
      JSON.stringify(record({ recordId: 'X-5', invoiceExternalId: 'NO-SUCH-INVOICE' })),
      JSON.stringify(record({ recordId: 'X-6', kind: 'fax' })),
      JSON.stringify(record({ recordId: 'X-7', startedAt: '2026-02-30T10:00:00Z' })),
    ].join('\n');
    const res = await post('B-BAD', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      error: 'The batch has bad lines: nothing was loaded.',
      loaded: 0,
      duplicates: 0,
      rejected: [
        { line: 2, error: expect.stringContaining('amount must be a decimal string') },
        { line: 3, error: 'not valid JSON' },
        { line: 4, error: 'accountExternalId NO-SUCH-ACCOUNT is not an account' },
        { line: 5, error: 'invoiceExternalId NO-SUCH-INVOICE is not an invoice of account BATCH-ACC-1' },
        { line: 6, error: "kind must be 'voice', 'sms' or 'data'" },
        { line: 7, error: 'startedAt must be an ISO 8601 date and time with its offset' },
      ],
    });
    expect(await count()).toBe(before);
    // The refused batch id was not kept: the corrected batch loads under it.
    expect(await loaded('B-BAD', ndjson([record({ recordId: 'X-1' })]))).toEqual({ loaded: 1, duplicates: 0, rejected: [] });
  });

  it('numbers CSV lines from the header, and refuses an unknown column', async () => {
    const header = 'recordId,accountExternalId,startedAt,kind,direction,fromNumber,toNumber,description,amount';
    const bad = await post('B-CSV-BAD', `${header}\nY-1,BATCH-ACC-1,2026-11-04T10:00:00Z,voice,outgoing,+14165550100,4165550101,Call,0.0000\n`, { 'content-type': 'text/csv' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().rejected).toEqual([{ line: 2, error: expect.stringContaining('toNumber must be an E.164 number') }]);
    const unknown = await post('B-CSV-BAD', `${header},colour\nY-1,BATCH-ACC-1,2026-11-04T10:00:00Z,voice,outgoing,+14165550100,+14165550101,Call,0.0000,red\n`, { 'content-type': 'text/csv' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().rejected).toEqual([{ line: 1, error: expect.stringContaining("unknown column 'colour'") }]);
    expect(await count(sql`record_id = 'Y-1'`)).toBe(0);
  });

  it('refuses another media type, a corrupt gzip body and an empty batch', async () => {
    expect((await post('B-JSON', '[]', { 'content-type': 'application/json' })).statusCode).toBe(415);
    expect((await post('B-ZIP', 'not gzip', { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' })).statusCode).toBe(400);
    expect((await post('B-EMPTY', '\n')).statusCode).toBe(400);
  });
});

describe('loading nothing twice', () => {
  it('answers a replayed batch as the first time and loads nothing; another body under its id is 409', async () => {
    const body = ndjson([record({ recordId: 'R-1' }), record({ recordId: 'R-2' })]);
    const first = await loaded('B-REPLAY', body);
    expect(first).toEqual({ loaded: 2, duplicates: 0, rejected: [] });
    const before = await count();
    expect(await loaded('B-REPLAY', gzipSync(body), { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' })).toEqual(first);
    expect(await count()).toBe(before);
    const changed = await post('B-REPLAY', ndjson([record({ recordId: 'R-3' })]));
    expect(changed.statusCode).toBe(409);
    expect(await count(sql`record_id = 'R-3'`)).toBe(0);
  });

  it('counts record ids loaded before, or repeated in the batch, as duplicates', async () => {
    const rows = [record({ recordId: 'R-1' }), record({ recordId: 'D-1' }), record({ recordId: 'D-1' }), record({ recordId: 'R-1', accountExternalId: 'BATCH-ACC-2' })];
    expect(await loaded('B-DUP', ndjson(rows))).toEqual({ loaded: 2, duplicates: 2, rejected: [] });
    expect(await count(sql`record_id = 'D-1'`)).toBe(1);
    // A record id is the account's: the other account's R-1 is a record of its own.
    expect(await count(sql`record_id = 'R-1'`)).toBe(2);
  });

  it('loads a record id sent again with another start as a record of its own, in the batch or after it', async () => {
    // The duplicate check is the partitions' unique index on (account, record id, start): docs/decisions/0032-partitioned-call-records.md.
    const first = [record({ recordId: 'S-1', startedAt: '2026-11-03T09:15:00.123456Z' }), record({ recordId: 'S-1', startedAt: '2026-12-01T00:00:00Z' })];
    expect(await loaded('B-START-1', ndjson(first))).toEqual({ loaded: 2, duplicates: 0, rejected: [] });
    const again = [...first, record({ recordId: 'S-1', startedAt: '2026-10-31T23:59:59Z' })];
    expect(await loaded('B-START-2', ndjson(again))).toEqual({ loaded: 1, duplicates: 2, rejected: [] });
    expect(await count(sql`record_id = 'S-1'`)).toBe(3);
  });
});

describe('a batch of several chunks', () => {
  const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => record({ recordId: `${prefix}-${i}`, durationSeconds: 1 }));

  it('rolls back chunks already moved into cdrs when a later chunk has a bad line', async () => {
    const rows = many(CHUNK_RECORDS * 2 + 10, 'M');
    rows[CHUNK_RECORDS * 2 + 4] = { ...rows[CHUNK_RECORDS * 2 + 4]!, accountExternalId: 'NO-SUCH-ACCOUNT' };
    const res = await post('B-MANY', ndjson(rows));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
    expect(res.json().rejected).toEqual([{ line: CHUNK_RECORDS * 2 + 5, error: 'accountExternalId NO-SUCH-ACCOUNT is not an account' }]);
    expect(await count(sql`record_id like 'M-%'`)).toBe(0);
  });

  it('counts a record id repeated in another chunk of the batch as a duplicate', async () => {
    const rows = many(CHUNK_RECORDS + 10, 'K');
    rows.push({ ...rows[3]!, recordId: 'K-3' });
    expect(await loaded('B-MANY', ndjson(rows))).toEqual({ loaded: CHUNK_RECORDS + 10, duplicates: 1, rejected: [] });
    expect(await count(sql`record_id like 'K-%'`)).toBe(CHUNK_RECORDS + 10);
  });
});

describe('what the customer sees', () => {
  it('counts unbilled records of the current period in This period and lists them in the explorer', async () => {
    const summaryOf = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/Usage/summary/${customer.account.id}`, headers: customer.headers });
      expect(res.statusCode, res.body).toBe(200);
      return parseJson(res.body) as UsageSummary;
    };
    const before = await summaryOf();
    expect(before.period).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    await loaded('B-PERIOD', ndjson([record({ recordId: 'P-1', startedAt: '2026-11-19T20:00:00Z', durationSeconds: 600 }), record({ recordId: 'P-2', startedAt: '2026-10-19T20:00:00Z', durationSeconds: 600 })]));
    const after = await summaryOf();
    expect(after.allowances.voiceMinutes.used - before.allowances.voiceMinutes.used).toBe(10);

    const res = await ctx.app.inject({ method: 'GET', url: `/b/v1/Usage/records/${customer.account.id}?from=2026-11-19&to=2026-11-19`, headers: customer.headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = parseJson(res.body) as UsageRecords;
    expect(page.value).toHaveLength(1);
    expect(page.value[0]).toMatchObject({ startedAt: '2026-11-19T20:00:00.000Z', durationSeconds: 600, invoiceId: null, postedDate: null });
  });
});

describe('the provider event', () => {
  const eventsOf = (batchId: string) =>
    ctx.database.db
      .select({ type: events.type, accountExternalId: events.accountExternalId, actorKind: events.actorKind, actorName: events.actorName, data: events.data, occurredAt: events.occurredAt })
      .from(events)
      .where(sql`${events.data}->>'batchId' = ${batchId}`)
      .orderBy(asc(events.accountExternalId));

  it('records usage.batch_loaded once per account of the batch, with its own counts and time span, by the client', async () => {
    const rows = [
      record({ recordId: 'E-1', startedAt: '2026-11-05T10:00:00Z' }),
      record({ recordId: 'E-2', startedAt: '2026-11-02T23:30:00-05:00' }),
      // The same record and start in another offset: a duplicate.
      record({ recordId: 'E-2', startedAt: '2026-11-03T04:30:00Z' }),
      record({ recordId: 'E-3', startedAt: '2026-11-09T08:00:00Z' }),
      record({ recordId: 'E-1', accountExternalId: 'BATCH-ACC-2', startedAt: '2026-11-07T12:00:00.250Z' }),
    ];
    expect(await loaded('B-EVENTS', ndjson(rows))).toEqual({ loaded: 4, duplicates: 1, rejected: [] });
    const actor = { actorKind: 'client', actorName: expect.stringContaining('Test client') };
    expect(await eventsOf('B-EVENTS')).toEqual([
      {
        type: 'usage.batch_loaded',
        accountExternalId: 'BATCH-ACC-1',
        ...actor,
        data: { batchId: 'B-EVENTS', loaded: 3, duplicates: 1, recordsFrom: '2026-11-03T04:30:00.000Z', recordsTo: '2026-11-09T08:00:00.000Z' },
        occurredAt: NOW,
      },
      {
        type: 'usage.batch_loaded',
        accountExternalId: 'BATCH-ACC-2',
        ...actor,
        data: { batchId: 'B-EVENTS', loaded: 1, duplicates: 0, recordsFrom: '2026-11-07T12:00:00.250Z', recordsTo: '2026-11-07T12:00:00.250Z' },
        occurredAt: NOW,
      },
    ]);
  });

  it('records nothing for a repeated batch id, nor for a refused batch', async () => {
    const body = ndjson([record({ recordId: 'E-R-1' })]);
    await loaded('B-EVENTS-REPEAT', body);
    await loaded('B-EVENTS-REPEAT', body);
    expect(await eventsOf('B-EVENTS-REPEAT')).toHaveLength(1);
    const refused = await post('B-EVENTS-REFUSED', ndjson([record({ recordId: 'E-X-1' }), record({ recordId: 'E-X-2', accountExternalId: 'NO-SUCH-ACCOUNT' })]));
    expect(refused.statusCode).toBe(422);
    expect(await eventsOf('B-EVENTS-REFUSED')).toEqual([]);
  });

  it('counts an account whose records were all loaded before, with nothing loaded', async () => {
    expect(await loaded('B-EVENTS-AGAIN', ndjson([record({ recordId: 'E-1', startedAt: '2026-11-05T10:00:00Z' })]))).toEqual({ loaded: 0, duplicates: 1, rejected: [] });
    expect((await eventsOf('B-EVENTS-AGAIN')).map((e) => e.data)).toEqual([
      { batchId: 'B-EVENTS-AGAIN', loaded: 0, duplicates: 1, recordsFrom: '2026-11-05T10:00:00.000Z', recordsTo: '2026-11-05T10:00:00.000Z' },
    ]);
  });
});
