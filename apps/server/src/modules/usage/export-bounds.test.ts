/**
 * Exports over real sockets: one person streams at most EXPORTS_PER_USER exports whichever accounts they
 * are of, and a download the client takes slower than the floor rate is ended, logged and gives its slot
 * back (the window is 3 s here instead of 30, so the test runs in seconds).
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { bearer, createAccount, createInvoice, createUser, tokenFor } from '../../../test/factories';
import type { Database } from '../../db/client';

const ROWS = 100_000;
const WINDOW_SECONDS = 3;
// Far past the test's waits: what ends the downloads here is the floor rate, not the idle timeout.
const IDLE_TIMEOUT_MS = 120_000;
const WAIT_MS = 60_000;
const SLOW_LOG = 'export ended: the client took it slower than the floor rate';

let database: Database;
let ctx: TestContext;
let port: number;
let staff: Record<string, string>;
let staffId: bigint;
let customer: Record<string, string>;
let otherStaff: Record<string, string>;
const accountIds: bigint[] = [];
let invoiceId: bigint;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async (check: () => Promise<boolean> | boolean, timeoutMs = WAIT_MS) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
};

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20 });
  ctx = await buildTestApp({
    database,
    config: {
      HTTP_IDLE_TIMEOUT_MS: IDLE_TIMEOUT_MS,
      EXPORT_CONNECTIONS: 5,
      EXPORTS_PER_ACCOUNT: 2,
      EXPORTS_PER_USER: 2,
      EXPORT_MIN_BYTES_PER_SECOND: 16 * 1024,
      EXPORT_RATE_WINDOW_SECONDS: WINDOW_SECONDS,
    },
  });
  const db = ctx.database.db;
  for (let i = 0; i < 3; i += 1) {
    const account = await createAccount(db);
    accountIds.push(account.id);
    const invoice = await createInvoice(db, account.id);
    if (i === 0) invoiceId = invoice.id;
    // The third account's exports are only answered, never read: it needs no records.
    if (i === 2) continue;
    // Wide records (≈ 200 bytes of CSV each): each export is far larger than the socket buffers.
    await db.execute(sql`
      insert into cdrs (invoice_id, account_id, kind, started_at, from_number, to_number, duration_seconds, data_kb, description, amount)
      select ${invoice.id}, ${account.id}, 'voice', timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second',
        '+14165550134', '+12125550199', g % 3600, 0, 'Call ' || g || ' ' || repeat('to a number abroad, ', 6), 0.25
      from generate_series(1, ${ROWS}) g`);
  }
  const staffUser = await createUser(db, { roles: ['Staff'] });
  staffId = staffUser.id;
  staff = bearer(await tokenFor(db, staffUser, { accountIds: [] }));
  otherStaff = bearer(await tokenFor(db, await createUser(db, { roles: ['Staff'] }), { accountIds: [] }));
  customer = bearer(await tokenFor(db, await createUser(db, { accountIds: [accountIds[2]!] })));
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
}, 300_000);
afterAll(async () => {
  await ctx?.close();
  await database?.close();
});

const usageExport = (accountId: bigint) => `/b/v1/Usage/records/${accountId}/export`;

interface Download {
  status: number;
  retryAfter: string | null;
  /** The head and whatever of the body came with it (a refusal's whole body). */
  head: string;
  socket: Socket;
}

/** Sends the request and resolves with the answer's head; the socket is then paused (the body is not read). */
const openDownload = (path: string, headers: Record<string, string> = {}): Promise<Download> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${lines.join('')}Connection: close\r\n\r\n`);
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      const status = Number(head.slice(9, 12));
      const retryAfter = /\r\nretry-after: *(\d+)/i.exec(head.slice(0, end))?.[1] ?? null;
      if (status === 200) {
        socket.pause();
        resolve({ status, retryAfter, head, socket });
        return;
      }
      // A refusal is short: read it whole.
      socket.on('data', (rest: Buffer) => (head += rest.toString('latin1')));
      socket.once('end', () => resolve({ status, retryAfter, head, socket }));
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });

/** Reads the paused body a little at a time (512 bytes every 250 ms, 2 KiB/s); returns how many bytes it took. */
const trickle = (download: Download) => {
  let taken = 0;
  download.socket.on('error', () => undefined);
  const timer = setInterval(() => {
    const chunk = download.socket.read(512) as Buffer | null;
    if (chunk) taken += chunk.length;
  }, 250);
  return {
    taken: () => taken,
    stop: () => {
      clearInterval(timer);
      download.socket.destroy();
    },
  };
};

const slowLogs = (warn: MockInstance) => warn.mock.calls.filter((call) => call[1] === SLOW_LOG).map((call) => call[0] as Record<string, unknown>);

describe('exports bounded per person', () => {
  it('answers a person’s third export 429 with Retry-After while two stream, whichever accounts; others still export', async () => {
    const [a, b, c] = accountIds as [bigint, bigint, bigint];
    const streaming = [await openDownload(usageExport(a), staff), await openDownload(usageExport(b), staff)];
    const opened: Download[] = [...streaming];
    try {
      expect(streaming.map((d) => d.status)).toEqual([200, 200]);
      const third = await openDownload(usageExport(c), staff);
      opened.push(third);
      expect(third.status).toBe(429);
      expect(Number(third.retryAfter)).toBeGreaterThan(0);
      expect(third.head).toContain('{"error":"You already have downloads under way. Please wait for one to finish, then try again."}');
      // Of an account already streamed too: the bound is the person's, not the account's.
      const again = await openDownload(usageExport(a), staff);
      opened.push(again);
      expect(again.status).toBe(429);
      // Another person is not held back by them, on the same accounts as on others.
      const other = await openDownload(usageExport(c), customer);
      opened.push(other);
      expect(other.status).toBe(200);
    } finally {
      for (const download of opened) download.socket.destroy();
    }
    // Once their downloads end, the person exports again.
    let next: Download | null = null;
    await waitFor(async () => {
      const attempt = await openDownload(usageExport(c), staff);
      attempt.socket.destroy();
      if (attempt.status === 200) next = attempt;
      return next !== null;
    });
    expect(next).not.toBeNull();
  }, 120_000);
});

describe('the floor rate', () => {
  it('ends downloads the client trickles, logs them and frees their slots; a client that reads gets the whole file', async () => {
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const [a] = accountIds as [bigint];
    const cdrs = await ctx.app.inject({ url: `/b/v1/Billing/InvoiceURLs/${invoiceId}`, headers: staff });
    const cdrLink = new URL((cdrs.json() as { urls: { name: string; url: string }[] }).urls.find((u) => u.name === 'CDRs')!.url, 'http://x');
    const downloads = [await openDownload(usageExport(a), staff), await openDownload(`${cdrLink.pathname}${cdrLink.search}`)];
    const readers = downloads.map(trickle);
    try {
      expect(downloads.map((d) => d.status)).toEqual([200, 200]);
      // Both take a slot of the account: a third export of it waits.
      const third = await openDownload(usageExport(a), otherStaff);
      third.socket.destroy();
      expect(third.status).toBe(429);

      expect(await waitFor(() => slowLogs(warn).length === 2)).toBe(true);
      expect(slowLogs(warn)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ accountId: String(a), userId: String(staffId), windowSeconds: WINDOW_SECONDS, floorBytesPerSecond: 16 * 1024 }),
          expect.objectContaining({ accountId: String(a), userId: null, windowSeconds: WINDOW_SECONDS }),
        ]),
      );
      // The clients were still reading: it is the floor, not the idle timeout, that ended them.
      expect(readers.every((reader) => reader.taken() > 0)).toBe(true);
    } finally {
      for (const reader of readers) reader.stop();
    }

    // Their slots are free: a client that reads gets the whole file, and is not ended on the way.
    const before = slowLogs(warn).length;
    let body: string | null = null;
    await waitFor(async () => {
      const res = await fetch(`http://127.0.0.1:${port}${usageExport(a)}`, { headers: staff });
      if (res.status === 200) body = await res.text();
      else await res.arrayBuffer();
      return body !== null;
    });
    expect(body).not.toBeNull();
    expect(body!.trimEnd().split('\n')).toHaveLength(ROWS + 1);
    expect(slowLogs(warn)).toHaveLength(before);
    warn.mockRestore();
  }, 120_000);
});
