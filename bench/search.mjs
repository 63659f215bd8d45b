#!/usr/bin/env node
// Issue 15 item 3: support staff find any customer fast. The account selector's search (GET /b/v1/Search,
// as the selector asks it: 60 hits) by invoice email, contact phone written another way, invoice number,
// account number and the start of a name, each at p99 ≤ 50 ms on the 10,000-account scale data.
//
//   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench node bench/search.mjs
//
// The database must hold the scale data (`npm run bench:api -- --seed` loads it).
import autocannon from 'autocannon';
import pg from 'pg';
import { existsSync } from 'node:fs';
import { BENCH_SECRETS_KEY, report, root, startProcess, stopProcess, waitFor } from './lib.mjs';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL database holding the scale data.');
  process.exit(2);
}
if (!existsSync(`${root}/apps/server/dist/server.js`)) {
  console.error('No compiled server: npm run build first.');
  process.exit(2);
}
const PORT = 3204;
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BUDGET_MS = 50;

const client = new pg.Client({ connectionString: url });
await client.connect();
const accountCount = Number((await client.query('select count(*) from accounts')).rows[0].count);
if (accountCount < 10_000) {
  console.error(`The database has ${accountCount} accounts; load the scale data first (npm run bench:api -- --seed).`);
  process.exit(2);
}
const sample = async (query) => (await client.query(query)).rows.map((r) => r.text).filter(Boolean);
const nationalPhone = (e164) => {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : e164;
};
// What a support agent types, taken from random customers of the data set.
const texts = {
  'invoice email': await sample(`select invoice_email_address as text from accounts where invoice_email_address is not null order by random() limit 500`),
  'phone, another format': (await sample(`select primary_phone as text from contacts where primary_phone like '+1%' order by random() limit 500`)).map(nationalPhone),
  'invoice number': await sample(`select invoice_number as text from invoices where state = 'Posted' order by random() limit 500`),
  'account number': await sample(`select customer_no as text from accounts order by random() limit 500`),
  'start of a name': await sample(`select left(name, 5) as text from accounts order by random() limit 500`),
};
await client.end();

const server = startProcess('node', ['dist/server.js'], {
  cwd: `${root}/apps/server`,
  env: { DATABASE_URL: url, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', METRICS_PORT: '0', NODE_ENV: 'production', SECRETS_KEY: BENCH_SECRETS_KEY, PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}` },
});
try {
  await waitFor(`http://127.0.0.1:${PORT}/readyz`);
  const login = await fetch(`http://127.0.0.1:${PORT}/a/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'staff', password: 'Demo-Pass-2025!' }),
  }).then((r) => r.json());
  if (!login.successful) throw new Error(`staff login failed: ${login.error}`);
  const headers = { authorization: `Bearer ${login.token}` };

  const results = { accounts: accountCount, rate: RATE, seconds: SECONDS };
  const budgets = [];
  for (const [kind, list] of Object.entries(texts)) {
    if (list.length === 0) throw new Error(`no sample for ${kind}`);
    let i = 0;
    const path = () => `/b/v1/Search?search=${encodeURIComponent(list[i++ % list.length])}&take=60`;
    const run = (opts) =>
      autocannon({
        url: `http://127.0.0.1:${PORT}`,
        connections: 10,
        duration: opts.duration,
        ...(opts.rate ? { overallRate: opts.rate } : {}),
        requests: [{ setupRequest: (req) => ({ ...req, path: path(), headers }) }],
      });
    await run({ duration: 3 }); // warm-up
    const paced = await run({ duration: SECONDS, rate: RATE });
    const errors = paced.errors + paced.non2xx;
    results[kind] = { p50: paced.latency.p50, p99: paced.latency.p99, max: paced.latency.max, requests: paced.requests.total, errors };
    budgets.push({
      name: `search by ${kind} p99 at ${RATE} req/s`,
      measured: `${paced.latency.p99} ms`,
      budget: `≤ ${BUDGET_MS} ms`,
      ok: paced.latency.p99 <= BUDGET_MS && errors === 0,
    });
  }
  console.table(Object.fromEntries(Object.entries(results).filter(([, v]) => typeof v === 'object')));
  process.exitCode = report('search', results, budgets) ? 1 : 0;
} finally {
  await stopProcess(server);
}
