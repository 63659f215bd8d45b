#!/usr/bin/env node
// Posting invoices over the provider API (PUT /p/v1/invoices/{externalId}): how many invoices with lines
// the compiled server posts a second as fast as it can (budget ≥ 300/s), and the provider calls' p99 at a
// steady 100 req/s, new postings and reads of posted invoices half and half (budget < 25 ms). Adds
// BENCH_ACCOUNTS accounts with external ids and an API client to the database, then the invoices.
//
//   npm run build -w @portal/server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run bench:invoices
import { Agent, request } from 'node:http';
import pg from 'pg';
import { cpuPerRequest, percentile, providerToken, report, requireBenchDatabase, requireCompiledServer, startServer, stopProcess, waitFor } from './lib.mjs';

const url = requireBenchDatabase('a migrated PostgreSQL database (npm run seed -- --database-url …)');
requireCompiledServer();

const PORT = 3221;
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
const THROUGHPUT_INVOICES = Number(process.env.BENCH_INVOICES ?? 3000);
const CONCURRENCY = 16;
const RATE = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const run = Date.now().toString(36);

/** A month's invoice as a BSS posts it: plan, four usage classes, a one-time charge, two taxes. */
const invoiceBody = (n) => {
  const lines = [
    { description: 'Unlimited Talk & Text (2 lines)', category: 'Plan', amount: '90.00', quantity: '2', unitPrice: '45' },
    { description: 'Long distance, Canada and US', category: 'Usage', amount: '2.50', quantity: '10', unitPrice: '0.25', usage: 'CrossBorder' },
    { description: 'International calls', category: 'Usage', amount: '4.50', quantity: '10', unitPrice: '0.45', usage: 'International' },
    { description: 'Data beyond the plan', category: 'Usage', amount: '1.00', quantity: '100', unitPrice: '0.01', usage: 'DataOverage' },
    { description: 'Roaming data', category: 'Usage', amount: '5.00', quantity: '100', unitPrice: '0.05', usage: 'RoamingData' },
    { description: 'SIM card', category: 'OneTime', amount: '10.00' },
  ];
  return {
    accountExternalId: `BENCH-${run}-ACC-${n % ACCOUNTS}`,
    number: `B${run}-${String(n).padStart(7, '0')}`,
    periodStart: '2026-11-01',
    periodEnd: '2026-11-30',
    issueDate: '2026-12-01',
    dueDate: '2026-12-21',
    currency: 'CAD',
    lines,
    taxes: [
      { name: 'GST', registration: '123456789 RT0001', rate: '5', amount: '5.65' },
      { name: 'QST', registration: '1234567890 TQ0001', rate: '9.975', amount: '11.27' },
    ],
    total: '129.92',
  };
};

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
/** One provider call: resolves with its status and how long it took from `due` (ms). */
const call = (method, path, headers, body, due = performance.now()) =>
  new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      { host: '127.0.0.1', port: PORT, method, path, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - due }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - due }));
    req.end(payload);
  });

const server = startServer(PORT, { DATABASE_URL: url });
try {
  await waitFor(`http://127.0.0.1:${PORT}/healthz`);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(
    `insert into accounts (customer_no, name, type, currency, language, payment_method, external_id)
     select 'BI' || $1 || '-' || g, 'Bench invoices ' || g, 'Residential', 'CAD', 'English', 'Credit Card (Manual)', 'BENCH-' || $1 || '-ACC-' || g
     from generate_series(0, $2 - 1) g`,
    [run, ACCOUNTS],
  );
  await db.end();
  const headers = { authorization: `Bearer ${await providerToken(PORT, url, `Bench ${run}`, ['invoices:write'])}` };

  // Warm up, then as fast as it posts with CONCURRENCY calls in flight.
  let next = 0;
  const post = () => {
    const n = next++;
    return call('PUT', `/p/v1/invoices/BENCH-${run}-INV-${n}`, headers, invoiceBody(n));
  };
  for (let i = 0; i < 50; i += 1) await post();
  let errors = 0;
  const started = performance.now();
  const target = next + THROUGHPUT_INVOICES;
  // CPU per posting (server main thread, PostgreSQL backends) tells a loaded machine from a slow posting.
  const { cpu } = await cpuPerRequest(server.pid, new URL(url).pathname.slice(1), async () => {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < target) if ((await post()).status !== 201) errors += 1;
      }),
    );
    return { requests: { total: THROUGHPUT_INVOICES } };
  });
  const perSecond = THROUGHPUT_INVOICES / ((performance.now() - started) / 1000);
  console.log(
    `posted ${THROUGHPUT_INVOICES} invoices (6 lines, 2 taxes) at ${perSecond.toFixed(0)}/s, ${errors} errors; CPU a posting: server ${cpu.serverMainUs} µs, PostgreSQL ${cpu.postgresUs} µs`,
  );

  // Open loop at RATE req/s: each latency counts from when its call was due.
  const posted = next;
  const latencies = [];
  let pacedErrors = 0;
  const pending = [];
  const pacedStart = performance.now();
  for (let i = 0; i < RATE * SECONDS; i += 1) {
    const due = pacedStart + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const reading = i % 2 === 1;
    const n = reading ? Math.floor(Math.random() * posted) : next++;
    const done = reading
      ? call('GET', `/p/v1/invoices/BENCH-${run}-INV-${n}`, headers, undefined, due)
      : call('PUT', `/p/v1/invoices/BENCH-${run}-INV-${n}`, headers, invoiceBody(n), due);
    pending.push(
      done.then(({ status, ms }) => {
        if (status < 200 || status > 299) pacedErrors += 1;
        latencies.push(ms);
      }),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(`${RATE} req/s for ${SECONDS} s (half posts, half reads): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${pacedErrors} errors`);

  const failed = report('ingest-invoices', { perSecond, errors, cpu, p50, p99, pacedErrors, accounts: ACCOUNTS }, [
    { name: 'invoice posting (6 lines, 2 taxes) ≥ 300 invoices/s', measured: `${perSecond.toFixed(0)}/s, ${errors} errors`, budget: '≥ 300/s, 0 errors', ok: perSecond >= 300 && errors === 0 },
    { name: `provider calls p99 at ${RATE} req/s < 25 ms`, measured: `${p99.toFixed(1)} ms, ${pacedErrors} errors`, budget: '< 25 ms, 0 errors', ok: p99 < 25 && pacedErrors === 0 },
  ]);
  process.exitCode = failed ? 1 : 0;
} finally {
  agent.destroy();
  await stopProcess(server);
}
