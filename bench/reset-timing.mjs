#!/usr/bin/env node
// A reset-email request must not take longer for a known username than for an
// unknown one. Adds 500 users to the database, then alternates 500 requests for them and 500 for
// unknown usernames — each name asked once, from its own address, so no throttle answers instead —
// and prints the two medians and their ratio (PASS within ±15 %).
//
//   npm run build -w @portal/server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench node bench/reset-timing.mjs
import pg from 'pg';
import { percentile, report, requireBenchDatabase, requireCompiledServer, startServer, stopProcess, waitFor } from './lib.mjs';

const url = requireBenchDatabase('a migrated PostgreSQL database (npm run seed -- --database-url …)');
requireCompiledServer();

const PORT = 3204;
const origin = `http://127.0.0.1:${PORT}`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const run = Date.now().toString(36);
// The compiled server, sealing secrets with the bench key as every other bench on this database does.
// Mail goes to the outbox files: what is measured is the answer, not the sending.
const server = startServer(PORT, { DATABASE_URL: url, TRUST_PROXY: '1' });
try {
  await waitFor(`${origin}/healthz`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into users (username, email, name, status) select 'timing-' || $1 || '-' || g, 'timing-' || $1 || '-' || g || '@example.com', 'Timing ' || g, 'active' from generate_series(0, $2 - 1) g`,
    [run, ROUNDS + 20],
  );
  await client.end();
  const ask = async (username, i) => {
    const started = performance.now();
    const res = await fetch(`${origin}/a/v1/Password/ResetEmail`, {
      method: 'POST',
      // A fresh client address per request: the per-address limit never answers for the server.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${i % 250}` },
      body: JSON.stringify({ username, validateURL: `${origin}/reset-password`, brand: 'portal' }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`${username}: ${res.status}`);
    return performance.now() - started;
  };
  // Warm both paths, then alternate so drift hits both alike.
  for (let i = 0; i < 20; i += 1) await ask(i % 2 ? `timing-${run}-${ROUNDS + i}` : `nobody-${run}-w${i}`, 60_000 + i);
  const known = [];
  const unknown = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    known.push(await ask(`timing-${run}-${i}`, 2 * i));
    unknown.push(await ask(`nobody-${run}-${i}`, 2 * i + 1));
  }
  const median = (values) => percentile([...values].sort((a, b) => a - b), 50);
  const [k, u] = [median(known), median(unknown)];
  const ratio = k / u;
  console.log(`known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms (medians of ${ROUNDS} each), ratio ${ratio.toFixed(3)}`);
  const failed = report('reset-timing', { knownMedianMs: k, unknownMedianMs: u, ratio, rounds: ROUNDS }, [
    { name: 'reset email: known/unknown median ratio within 0.85–1.15', measured: ratio.toFixed(3), budget: '0.85–1.15', ok: ratio >= 0.85 && ratio <= 1.15 },
  ]);
  process.exitCode = failed ? 1 : 0;
} finally {
  await stopProcess(server);
}
