#!/usr/bin/env node
// decisions §9: home model, invoice list (filtered, paged, counted) and invoice detail at p99 ≤ 20 ms
// under 200 req/s on PostgreSQL at 10,000 accounts / 240,000 invoices / ≥ 10 M CDRs, and throughput
// at least half of a bare Fastify route doing one indexed query, in the same run.
//
//   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench node bench/api.mjs [--seed] [--compressed]
//
// --seed loads the scale data set first (about a minute) when the database has no accounts yet.
// --compressed asks for `Accept-Encoding: br, gzip` as browsers do, to show what compressing answers costs.
// The server runs as production does: the compiled build (npm run build).
import autocannon from 'autocannon';
import pg from 'pg';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BENCH_SECRETS_KEY, report, root, startProcess, stopProcess, waitFor } from './lib.mjs';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL database (it is filled with the scale data set).');
  process.exit(2);
}
const PORT = 3200;
const BARE_PORT = 3201;
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

const client = new pg.Client({ connectionString: url });
await client.connect();
const accountsTable = await client.query(`select to_regclass('public.accounts') as t`);
const accountCount = accountsTable.rows[0].t ? Number((await client.query('select count(*) from accounts')).rows[0].count) : 0;
if (accountCount < 10_000) {
  if (!process.argv.includes('--seed')) {
    console.error(`The database has ${accountCount} accounts; run with --seed to load 10,000.`);
    process.exit(2);
  }
  const seeded = spawnSync('npm', ['run', 'seed', '-w', '@portal/server', '--', '--database-url', url, '--accounts', '10000'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
const sizes = (await client.query(`select (select count(*) from accounts) a, (select count(*) from invoices) i, (select count(*) from cdrs) c`)).rows[0];
console.log(`Data: ${sizes.a} accounts, ${sizes.i} invoices, ${sizes.c} CDRs`);
const sample = (
  await client.query(`select i.account_id, i.id from invoices i where i.state = 'Posted' order by random() limit 2000`)
).rows.map((r) => ({ accountId: String(r.account_id), invoiceId: String(r.id) }));
await client.end();

if (!existsSync(`${root}/apps/server/dist/server.js`)) {
  console.error('No compiled server: npm run build first.');
  process.exit(2);
}
const compressed = process.argv.includes('--compressed');
const server = startProcess('node', ['dist/server.js'], {
  cwd: `${root}/apps/server`,
  env: { DATABASE_URL: url, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', METRICS_PORT: '0', NODE_ENV: 'production', SECRETS_KEY: BENCH_SECRETS_KEY, PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}` },
});
const bare = startProcess('node', ['bench/bare-server.mjs'], { env: { DATABASE_URL: url, PORT: String(BARE_PORT) } });
try {
  await waitFor(`http://127.0.0.1:${PORT}/readyz`);
  await waitFor(`http://127.0.0.1:${BARE_PORT}/healthz`);
  const login = await fetch(`http://127.0.0.1:${PORT}/a/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'staff', password: 'Demo-Pass-2025!' }),
  }).then((r) => r.json());
  if (!login.successful) throw new Error(`staff login failed: ${login.error}`);
  const headers = { authorization: `Bearer ${login.token}`, ...(compressed ? { 'accept-encoding': 'br, gzip' } : {}) };

  let i = 0;
  const pick = () => sample[i++ % sample.length];
  const endpoints = {
    'home model': () => `/b/v1/Billing/GetClientHomeModel/${pick().accountId}`,
    'invoice list': () => {
      const { accountId } = pick();
      const filter = encodeURIComponent(`AccountId==${accountId} && State=="Posted" && EndDate>=2020-01-01`);
      return `/b/v1/Invoice/items?dnfilter=${filter}&orderby=${encodeURIComponent('EndDate desc')}&skip=0&take=10&count=true`;
    },
    'invoice detail': () => `/b/v1/Invoice/details/${pick().invoiceId}`,
  };

  const load = (port, path, opts) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: opts.connections,
      duration: opts.duration,
      ...(opts.rate ? { overallRate: opts.rate } : {}),
      requests: [{ setupRequest: (req) => ({ ...req, path: path(), headers }) }],
    });

  const results = {};
  const budgets = [];
  const bareRun = await load(BARE_PORT, () => `/invoice/${pick().invoiceId}`, { connections: 20, duration: 10 });
  results['bare route max req/s'] = bareRun.requests.average;
  for (const [name, path] of Object.entries(endpoints)) {
    await load(PORT, path, { connections: 10, duration: 3 }); // warm-up
    const paced = await load(PORT, path, { connections: 20, duration: SECONDS, rate: RATE });
    const max = await load(PORT, path, { connections: 20, duration: 10 });
    const errors = paced.errors + paced.non2xx + max.errors + max.non2xx;
    results[name] = { p50: paced.latency.p50, p99: paced.latency.p99, paced: paced.requests.average, max: max.requests.average, errors };
    budgets.push({ name: `${name} p99 at ${RATE} req/s`, measured: `${paced.latency.p99} ms`, budget: '≤ 20 ms', ok: paced.latency.p99 <= 20 && errors === 0 });
    budgets.push({
      name: `${name} throughput vs bare route`,
      measured: `${Math.round(max.requests.average)} vs ${Math.round(bareRun.requests.average)} req/s`,
      budget: '≥ 50%',
      ok: max.requests.average >= bareRun.requests.average / 2,
    });
  }
  console.table(results);
  results.acceptEncoding = compressed ? 'br, gzip' : 'none';
  process.exitCode = report(compressed ? 'api-compressed' : 'api', results, budgets) ? 1 : 0;
} finally {
  await stopProcess(server);
  await stopProcess(bare);
}
