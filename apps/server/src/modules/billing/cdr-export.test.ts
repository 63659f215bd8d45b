/**
 * The CDR download at scale, over real HTTP (inject would buffer the whole body): a million rows
 * arrive complete while the server's memory stays flat, and a client that goes away stops the export.
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../../test/app';
import { bearer, createAccount, createInvoice, createUser, tokenFor } from '../../../test/factories';
import { cdrCopyStatement } from './cdr-export';

const ROWS = 1_000_000;
const MAX_RSS_GROWTH_BYTES = 150 * 1024 * 1024;

let ctx: TestContext;
let base: string;
let headers: Record<string, string>;
let invoiceId: bigint;

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  const account = await createAccount(db);
  const invoice = await createInvoice(db, account.id, { invoiceNumber: 'INV-BIG' });
  invoiceId = invoice.id;
  headers = bearer(await tokenFor(db, await createUser(db, { accountIds: [account.id] })));
  await db.execute(sql`
    insert into cdrs (invoice_id, account_id, kind, started_at, from_number, to_number, duration_seconds, data_kb, description, amount)
    select ${invoice.id}, ${account.id}, (array['voice','sms','data'])[1 + g % 3],
      timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second',
      '+1416555' || lpad((g % 10000)::text, 4, '0'), '+1212555' || lpad((g % 7919)::text, 4, '0'),
      g % 3600, g % 5000, 'Call ' || g || ', "zone ' || (g % 5) || '"', (g % 10000) / 10000.0
    from generate_series(1, ${ROWS}) g`);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 300_000);
afterAll(() => ctx.close());

/** A plain HTTP GET on its own connection (no pooling: a test's connection ends with it). */
const open = (path: string): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    const request = get(`${base}${path}`, { agent: false }, resolve);
    request.on('error', reject);
  });

const cdrUrl = async (): Promise<string> => {
  const res = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoiceId}`, headers });
  return (res.json() as { urls: { name: string; url: string }[] }).urls.find((u) => u.name === 'CDRs')!.url;
};

describe('CDR CSV export at scale', () => {
  it(`streams ${ROWS.toLocaleString('en-US')} rows exactly, with flat memory`, async () => {
    const url = await cdrUrl();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let newlines = 0;
    let bytes = 0;
    let chunks = 0;
    let tail = '';
    const res = await open(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    for await (const chunk of res as AsyncIterable<Buffer>) {
      for (const byte of chunk) if (byte === 10) newlines += 1;
      bytes += chunk.length;
      chunks += 1;
      if (chunks % 64 === 0) peak = Math.max(peak, process.memoryUsage().rss);
      tail = (tail + chunk.toString('utf8')).slice(-200);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(newlines).toBe(ROWS + 1);
    expect(tail.endsWith(`,"Call ${ROWS}, ""zone 0""",0.0000\n`)).toBe(true);
    // Far less than the file itself (≈ 100 MB): nothing buffers the whole export.
    expect(bytes).toBeGreaterThan(80 * 1024 * 1024);
    expect(peak - baseline).toBeLessThan(MAX_RSS_GROWTH_BYTES);
  }, 300_000);

  it('stops reading from the database when the client goes away', async () => {
    const url = await cdrUrl();
    const copyText = cdrCopyStatement(invoiceId).slice(0, 40);
    const runningCopies = async () => {
      const { rows } = await ctx.database.pool!.query<{ n: number }>(
        // This test's database only: other test files run their own exports beside it on the same server.
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and state = $1 and query like $2',
        ['active', `${copyText}%`],
      );
      return rows[0]!.n;
    };
    const res = await open(url);
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => res.once('data', resolve));
    // The reader stops reading: the export must wait for it (backpressure), not run ahead.
    res.pause();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (ctx.database.kind === 'postgres') expect(await runningCopies()).toBe(1);
    // The client goes away mid-download.
    res.destroy();

    if (ctx.database.kind === 'postgres') {
      // The export's COPY is cancelled and its connection discarded.
      let running = 1;
      for (let attempt = 0; attempt < 50 && running > 0; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        running = await runningCopies();
      }
      expect(running).toBe(0);
    } else {
      // PGlite reads one keyset chunk per transaction: after the abort no further chunk is read.
      const chunks = vi.spyOn(ctx.database.pglite!, 'transaction');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const settled = chunks.mock.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(chunks.mock.calls.length).toBe(settled);
      chunks.mockRestore();
    }

    // The server goes on serving downloads.
    const again = await open(url);
    expect(again.statusCode).toBe(200);
    // The byte-order mark may arrive as a chunk of its own.
    let first = '';
    for await (const chunk of again as AsyncIterable<Buffer>) {
      first += chunk.toString('utf8');
      if (first.length > 40) break;
    }
    expect(first).toMatch(/^\uFEFFDate\/Time,Type,From,To/);
    again.destroy();
  }, 60_000);
});
