#!/usr/bin/env node
// Support staff find any customer fast. The account selector's search (GET /b/v1/Search,
// as the selector asks it: 60 hits) by invoice email, contact phone written another way, invoice number,
// account number and the start of a name, each at p99 ≤ 50 ms on the 10,000-account scale data.
//
//   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench node bench/search.mjs
//
// The database must hold the scale data (`npm run bench:api -- --seed` loads it).
import pg from 'pg';
import { loadRoute, pacedLatency, report, requireBenchDatabase, requireCompiledServer, signIn, startServer, stopProcess, waitFor } from './lib.mjs';

const url = requireBenchDatabase();
requireCompiledServer();
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

const server = startServer(PORT, { DATABASE_URL: url });
try {
  await waitFor(`http://127.0.0.1:${PORT}/readyz`);
  const headers = await signIn(PORT, 'staff');

  const results = { accounts: accountCount, rate: RATE, seconds: SECONDS };
  const budgets = [];
  for (const [kind, list] of Object.entries(texts)) {
    if (list.length === 0) throw new Error(`no sample for ${kind}`);
    let i = 0;
    const path = () => `/b/v1/Search?search=${encodeURIComponent(list[i++ % list.length])}&take=60`;
    const run = (opts) => loadRoute(PORT, path, headers, { connections: 10, ...opts });
    await run({ duration: 3 }); // warm-up
    const paced = await pacedLatency(PORT, path, headers, { rate: RATE, duration: SECONDS });
    const { errors } = paced;
    results[kind] = { p50: paced.p50, p99: paced.p99, max: paced.max, requests: paced.requests, errors };
    budgets.push({
      name: `search by ${kind} p99 at ${RATE} req/s`,
      measured: `${paced.p99} ms`,
      budget: `≤ ${BUDGET_MS} ms`,
      ok: paced.p99 <= BUDGET_MS && errors === 0,
    });
  }
  console.table(Object.fromEntries(Object.entries(results).filter(([, v]) => typeof v === 'object')));
  process.exitCode = report('search', results, budgets) ? 1 : 0;
} finally {
  await stopProcess(server);
}
