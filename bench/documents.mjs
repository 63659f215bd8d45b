#!/usr/bin/env node
// docs/decisions/0009-performance-budgets.md (documents): invoice PDF ≤ 10 ms p50, and the payment receipt and a year's statement of
// account PDFs held to the same; CDR CSV export of 5 M rows with flat server
// memory (< 150 MB RSS) at ≥ 70% of the raw `COPY … TO STDOUT` rate of the same rows, same run.
//
//   npm run build -w @portal/server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench node bench/documents.mjs
//
// The server is the compiled one, as production runs it (it ran under tsx until 2026-11-25, whose loader
// held some 80 MB more: 268 against 191 MB at the export's peak).
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createBrotliDecompress } from 'node:zlib';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { percentile, report, requireBenchDatabase, requireCompiledServer, signIn, startServer, stopProcess, waitFor } from './lib.mjs';

const url = requireBenchDatabase('a migrated PostgreSQL database with the demo data (npm run seed -- --database-url …)');
requireCompiledServer();
const ROWS = Number(process.env.BENCH_CDR_ROWS ?? 5_000_000);
const PORT = 3202;
const origin = `http://127.0.0.1:${PORT}`;

const client = new pg.Client({ connectionString: url });
await client.connect();
// One posted invoice carrying ROWS call detail records (made once, reused by later runs).
const big = await client.query(`select i.id, i.account_id from invoices i where i.invoice_number = 'BENCH-CDR-5M'`);
let invoiceId;
if (big.rows.length) {
  invoiceId = big.rows[0].id;
} else {
  const account = (await client.query(`select id, currency from accounts order by id limit 1`)).rows[0];
  invoiceId = (
    await client.query(
      `insert into invoices (account_id, invoice_number, state, start_date, end_date, due_date, posted_date, amount, currency)
       values ($1, 'BENCH-CDR-5M', 'Posted', '2025-01-01', '2025-01-31', '2025-02-21', '2025-02-01', 0, $2) returning id`,
      [account.id, account.currency],
    )
  ).rows[0].id;
  await client.query(`insert into receivables (account_id, invoice_id, amount, currency, due_date) values ($1, $2, 0, $3, '2025-02-21')`, [
    account.id,
    invoiceId,
    account.currency,
  ]);
  console.log(`Inserting ${ROWS} CDRs…`);
  await client.query(
    `insert into cdrs (invoice_id, account_id, kind, started_at, from_number, to_number, duration_seconds, data_kb, description, amount)
     select $1, $2, (array['voice','sms','data'])[1 + g % 3], timestamptz '2025-01-01' + (g || ' seconds')::interval,
            '+1416555' || lpad((g % 10000)::text, 4, '0'), '+1647555' || lpad((g % 9999)::text, 4, '0'),
            case when g % 3 = 0 then g % 3600 else 0 end, case when g % 3 = 2 then g % 50000 else 0 end,
            'Call to "Toronto, ON"', (g % 500) / 100.0
     from generate_series(1, $3::int) g`,
    [invoiceId, account.id, ROWS],
  );
  // Vacuumed, not only analysed: the first reads of freshly inserted rows would otherwise write their hint bits
  // during the timings that follow (and in bench:usage after it).
  await client.query('vacuum analyze cdrs');
}

// Raw COPY rate of the same rows.
const copyStarted = process.hrtime.bigint();
let copyBytes = 0;
await new Promise((resolve, reject) => {
  const stream = client.query(copyStreams.to(`COPY (select * from cdrs where invoice_id = ${BigInt(invoiceId)} order by id) TO STDOUT WITH CSV HEADER`));
  stream.on('data', (chunk) => (copyBytes += chunk.length));
  stream.on('end', resolve);
  stream.on('error', reject);
});
const copySeconds = Number(process.hrtime.bigint() - copyStarted) / 1e9;
const pdfInvoices = (await client.query(`select id from invoices where state = 'Posted' and invoice_number <> 'BENCH-CDR-5M' order by id limit 200`)).rows.map((r) => String(r.id));
const receiptPayments = (await client.query(`select id from payments where status = 'Successful' order by id limit 200`)).rows.map((r) => String(r.id));
const statementAccounts = (await client.query(`select id from accounts order by id limit 200`)).rows.map((r) => String(r.id));
await client.end();

const server = startServer(PORT, { DATABASE_URL: url });
const rssOf = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
};
try {
  await waitFor(`${origin}/readyz`);
  const headers = await signIn(PORT, 'staff');
  const urlsOf = async (id) => (await fetch(`${origin}/b/v1/Billing/InvoiceURLs/${id}`, { headers }).then((r) => r.json())).urls;

  // PDF: p50 of full HTTP downloads (includes the data queries; stricter than render time alone).
  const pdfTimes = [];
  for (const id of pdfInvoices) {
    const pdfUrl = (await urlsOf(id)).find((u) => u.name === 'PDF').url;
    const started = process.hrtime.bigint();
    const res = await fetch(new URL(pdfUrl, origin));
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`PDF ${id} answered ${res.status}`);
    pdfTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  pdfTimes.sort((a, b) => a - b);

  // Receipt and statement PDFs: full HTTP downloads with the session (they are signed-in calls), queries included.
  const timedDownloads = async (paths) => {
    const times = [];
    for (const path of paths) {
      const started = process.hrtime.bigint();
      const res = await fetch(`${origin}${path}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return times.sort((a, b) => a - b);
  };
  const receiptTimes = await timedDownloads(receiptPayments.map((id) => `/b/v1/Payment/${id}/receipt`));
  const statementTimes = await timedDownloads(statementAccounts.map((id) => `/b/v1/Account/${id}/statement?from=2025-01-01&to=2025-12-31&format=pdf`));

  // CDR export through the signed link, sampling the server's RSS: as stored (the budget against raw
  // COPY), then as browsers ask for it (Brotli, reported beside it: what compressing it costs).
  const { pid } = server;
  const exportOnce = async (acceptEncoding) => {
    const rssBefore = rssOf(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 100);
    const csvUrl = (await urlsOf(invoiceId)).find((u) => u.name === 'CDRs').url;
    const started = process.hrtime.bigint();
    // node:http, not fetch: fetch asks for compressed answers and decompresses them unasked.
    const res = await new Promise((resolve, reject) =>
      httpGet(new URL(csvUrl, origin), { headers: { 'accept-encoding': acceptEncoding } }, resolve).on('error', reject),
    );
    const body = res.headers['content-encoding'] === 'br' ? res.pipe(createBrotliDecompress()) : res;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    return {
      encoding: res.headers['content-encoding'] ?? 'identity',
      lines,
      seconds: +seconds.toFixed(2),
      rowsPerSecond: Math.round((lines - 1) / seconds),
      bytes,
      rssBeforeMB: +(rssBefore / 2 ** 20).toFixed(1),
      rssPeakMB: +(rssPeak / 2 ** 20).toFixed(1),
    };
  };
  const exported = await exportOnce('identity');
  const exportedBrotli = await exportOnce('br');
  const lines = exported.lines;

  const results = {
    pdf: { p50Ms: +percentile(pdfTimes, 50).toFixed(2), p95Ms: +percentile(pdfTimes, 95).toFixed(2), count: pdfTimes.length },
    receiptPdf: { p50Ms: +percentile(receiptTimes, 50).toFixed(2), p95Ms: +percentile(receiptTimes, 95).toFixed(2), count: receiptTimes.length },
    statementPdf: { p50Ms: +percentile(statementTimes, 50).toFixed(2), p95Ms: +percentile(statementTimes, 95).toFixed(2), count: statementTimes.length },
    rawCopy: { rows: ROWS, seconds: +copySeconds.toFixed(2), rowsPerSecond: Math.round(ROWS / copySeconds), bytes: copyBytes },
    export: exported,
    exportBrotli: exportedBrotli,
  };
  console.log(JSON.stringify(results, null, 2));
  const ratio = results.export.rowsPerSecond / results.rawCopy.rowsPerSecond;
  process.exitCode = report('documents', results, [
    { name: 'invoice PDF p50 (HTTP, incl. queries)', measured: `${results.pdf.p50Ms} ms`, budget: '≤ 10 ms', ok: results.pdf.p50Ms <= 10 },
    { name: 'payment receipt PDF p50 (HTTP, incl. queries)', measured: `${results.receiptPdf.p50Ms} ms`, budget: '≤ 10 ms', ok: results.receiptPdf.p50Ms <= 10 },
    { name: 'statement PDF of a year p50 (HTTP, incl. queries)', measured: `${results.statementPdf.p50Ms} ms`, budget: '≤ 10 ms', ok: results.statementPdf.p50Ms <= 10 },
    { name: 'CDR export rows', measured: `${lines - 1}`, budget: `${ROWS}`, ok: lines - 1 === ROWS },
    { name: 'CDR export peak server RSS', measured: `${results.export.rssPeakMB} MB`, budget: '< 150 MB', ok: results.export.rssPeakMB < 150 },
    { name: 'CDR export rate vs raw COPY', measured: `${(ratio * 100).toFixed(0)}%`, budget: '≥ 70%', ok: ratio >= 0.7 },
  ])
    ? 1
    : 0;
} finally {
  await stopProcess(server);
}
