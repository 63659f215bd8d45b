#!/usr/bin/env node
// Webhook delivery (docs/decisions/0028-webhooks.md): with BENCH_EVENTS (10,000) events queued
// to two endpoints, one receiver answering at once and one after 500 ms, the fast one gets at least 500
// deliveries/s, and no fewer than with no slow endpoint (the same count queued to a fast endpoint alone
// first, in the same run); the portal's p99 at 200 req/s on a read route (home model, as bench/api.mjs)
// stays within 10 % of its p99 with nothing to deliver. Every delivery is checked at its receiver with the
// `standardwebhooks` package, and each event must arrive exactly once.
//
//   npm run build -w @portal/server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run bench:events
//
// The events are queued by `recordEvent` itself (lib/events.ts, loaded with tsx), all in one transaction, so
// delivery starts on a full outbox at once, with exactly the rows and bodies an action would queue; posting
// 10,000 payments through the API would measure the payments, not the delivery. The server runs with
// NODE_ENV=development because production refuses local receivers by design (private addresses); that is
// the only difference it makes to delivery. Each run deletes the events and deliveries it queued.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { loadavg, setPriority } from 'node:os';
import pg from 'pg';
import { cpuPerRequest, pacedLatency, providerToken, report, requireBenchDatabase, requireCompiledServer, root, signIn, startServer, stopProcess, waitFor } from './lib.mjs';

// ── The receivers' process: one HTTP server, a path per endpoint, each verifying every signature. ──
if (process.argv[2] === '--receivers') {
  // The receivers stand in for the provider's systems, which run elsewhere: their CPU is not the portal's to lose.
  setPriority(19);
  const { Webhook } = await import('standardwebhooks');
  /** Per path: its secret, how long it waits before answering, and what it saw. */
  const paths = new Map();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const receiver = paths.get(req.url);
      if (!receiver) {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const { stats } = receiver;
      try {
        const event = receiver.webhook.verify(body, req.headers);
        if (event.actor?.name === receiver.actor) {
          if (stats.seen.has(event.id)) stats.duplicates += 1;
          else stats.seen.add(event.id);
          const now = performance.timeOrigin + performance.now();
          stats.first ??= now;
          stats.last = now;
        } else stats.others += 1;
      } catch {
        stats.badSignatures += 1;
      }
      const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      if (receiver.delayMs > 0) setTimeout(answer, receiver.delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', (message) => {
    if (message.add) {
      const { path, secret, delayMs, actor } = message.add;
      paths.set(path, { webhook: new Webhook(secret), delayMs, actor, stats: { seen: new Set(), duplicates: 0, badSignatures: 0, others: 0, first: null, last: null } });
      process.send({ added: path });
    }
    if (message.stats) {
      const s = paths.get(message.stats)?.stats;
      process.send({ stats: message.stats, count: s?.seen.size ?? 0, duplicates: s?.duplicates ?? 0, badSignatures: s?.badSignatures ?? 0, others: s?.others ?? 0, first: s?.first ?? null, last: s?.last ?? null });
    }
    if (message.exit) server.close(() => process.exit(0));
  });
} else {
  await main();
}

async function main() {
  const url = requireBenchDatabase('a migrated PostgreSQL database (cd apps/server && DATABASE_URL=… npx tsx src/migrate.ts)');
  requireCompiledServer();

  const PORT = Number(process.env.BENCH_EVENTS_PORT ?? 3240);
  // As deploy/compose.yaml runs it: the instances serving requests run no jobs, one instance apart runs them at a
  // lower CPU priority. BENCH_EVENTS_JOBS=together runs the jobs in the instance under load instead.
  const APART = (process.env.BENCH_EVENTS_JOBS ?? 'apart') === 'apart';
  const JOBS_NICE = '10';
  const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
  const RATE = Number(process.env.BENCH_RATE ?? 200);
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
  const SLOW_MS = 500;
  const run = Date.now().toString(36);
  const actor = `bench-events-${run}`;
  const databaseName = new URL(url).pathname.slice(1);
  const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');

  // The receivers, in a process of their own so their work is not the load generator's.
  const receivers = fork(new URL(import.meta.url).pathname, ['--receivers'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies = [];
  receivers.on('message', (m) => replies.shift()?.(m));
  const ask = (message) =>
    new Promise((resolve) => {
      replies.push(resolve);
      if (message) receivers.send(message);
    });
  const { port: receiverPort } = await ask(null);
  const statsOf = (path) => ask({ stats: path });

  const { tsImport } = await import('tsx/esm/api');
  const { openDatabase } = await tsImport(`${root}/apps/server/src/db/client.ts`, import.meta.url);
  const { recordEvent } = await tsImport(`${root}/apps/server/src/lib/events.ts`, import.meta.url);
  const database = await openDatabase({ url, poolSize: 2, statementTimeoutMs: 120_000 });
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();

  // What an interrupted run left: its endpoints disabled, its rows gone. Vacuumed and analysed, as autovacuum
  // would have (a bench database may run without it), so a run never measures the bloat of earlier ones.
  await sql.query(`update webhook_endpoints set status = 'disabled', deleted_at = now() where description like 'bench %' and deleted_at is null`);
  await sql.query(`delete from webhook_attempts where delivery_id in (select d.id from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id where w.description like 'bench %')`);
  await sql.query(`delete from webhook_deliveries where endpoint_id in (select id from webhook_endpoints where description like 'bench %')`);
  await sql.query(`delete from events where actor_name like 'bench-events-%'`);
  const vacuum = () => sql.query('vacuum analyze webhook_deliveries, webhook_attempts, events');
  await vacuum();

  const server = startServer(PORT, { DATABASE_URL: url, JOBS_ENABLED: APART ? 'false' : 'true', NODE_ENV: 'development' });
  const jobs = APART ? startServer(PORT + 1, { DATABASE_URL: url, JOBS_ENABLED: 'true', NICE: JOBS_NICE, NODE_ENV: 'development', METRICS_PORT: '0' }) : server;
  const endpoints = [];
  let api;
  try {
    await waitFor(`http://127.0.0.1:${PORT}/healthz`);
    if (APART) await waitFor(`http://127.0.0.1:${PORT + 1}/healthz`);
    const accessToken = await providerToken(PORT, url, `Bench events ${run}`, ['events:read']);
    api = (method, path, body) =>
      fetch(`http://127.0.0.1:${PORT}${path}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });

    const accountIds = (await sql.query('select id from accounts order by id limit 50')).rows.map((r) => String(r.id));
    if (accountIds.length === 0) throw new Error('The database has no accounts: migrate it (it creates the demo data).');
    const staff = await signIn(PORT, 'staff');
    let pick = 0;
    const homeModel = () => `/b/v1/Billing/GetClientHomeModel/${accountIds[pick++ % accountIds.length]}`;

    /** Registers an endpoint for payment.succeeded at the receivers' `path`, answering after `delayMs`. */
    const register = async (path, delayMs) => {
      const answer = await api('POST', '/p/v1/webhook-endpoints', { url: `http://127.0.0.1:${receiverPort}${path}`, events: ['payment.succeeded'], description: `bench ${run} ${path}` });
      if (answer.status !== 201) throw new Error(`registering ${path}: ${answer.status} ${await answer.text()}`);
      const { id, secret } = await answer.json();
      await ask({ add: { path, secret, delayMs, actor } });
      endpoints.push(id);
      return id;
    };

    /** EVENTS payment.succeeded events in one transaction (recordEvent queues a delivery per endpoint); answers when it committed. */
    const queue = async () => {
      const at = new Date();
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < EVENTS; i += 1) {
          await recordEvent(tx, {
            type: 'payment.succeeded',
            accountId: BigInt(accountIds[i % accountIds.length]),
            actor: { kind: 'job', name: actor },
            data: { paymentId: String(1_000_000 + i), amount: '42.50', currency: 'CAD', paymentType: 'Credit Card', receiptNumber: `R-${run}-${i}` },
            at,
          });
        }
      });
      return performance.timeOrigin + performance.now();
    };

    /** Waits until `path` has every event (or `timeoutMs` passed); answers its stats. */
    const allDelivered = async (path, timeoutMs) => {
      const started = Date.now();
      for (;;) {
        const stats = await statsOf(path);
        if (stats.count >= EVENTS || Date.now() - started > timeoutMs) return stats;
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    // The paced load's own CPU a request (from the run with nothing to deliver), taken out of a phase's.
    let idleCpu = { serverMainUs: 0, postgresUs: 0 };
    /** Queues the events with `fast` (and maybe a slow endpoint) registered, loads the portal meanwhile; answers the fast receiver's rate. */
    const phase = async (label, fast) => {
      await vacuum();
      const queuedAt = await queue();
      let latency;
      const { result: stats, cpu } = await cpuPerRequest(jobs.pid, databaseName, async () => {
        const paced = pacedLatency(PORT, homeModel, staff, { rate: RATE, duration: SECONDS });
        const delivered = await allDelivered(fast, 600_000);
        latency = await paced;
        return { ...delivered, requests: { total: EVENTS } };
      });
      const share = latency.requests / EVENTS;
      // The jobs instance apart serves none of the paced requests.
      const deliveryCpu = { serverMainUs: Math.round(cpu.serverMainUs - (APART ? 0 : idleCpu.serverMainUs * share)), postgresUs: Math.round(cpu.postgresUs - idleCpu.postgresUs * share) };
      const perSecond = stats.count > 1 ? (stats.count - 1) / ((stats.last - stats.first) / 1000) : 0;
      const fromCommit = stats.count / ((stats.last - queuedAt) / 1000);
      console.log(
        `${label}: fast receiver got ${stats.count} of ${EVENTS} at ${perSecond.toFixed(0)}/s (first to last; ${fromCommit.toFixed(0)}/s from the commit), ` +
          `${stats.duplicates} twice, ${stats.badSignatures} bad signatures; CPU a delivery about: server ${deliveryCpu.serverMainUs} µs, PostgreSQL ${deliveryCpu.postgresUs} µs; ` +
          `home model at ${RATE} req/s meanwhile: p50 ${latency.p50} ms, p99 ${latency.p99} ms, ${latency.errors} errors; load average ${load()}`,
      );
      return { stats, perSecond, fromCommit, latency, deliveryCpu, load: load() };
    };

    // Warmed up first (the compiled server's first seconds are its JIT's), then with nothing to deliver: the portal's own p99.
    await pacedLatency(PORT, homeModel, staff, { rate: RATE, duration: 3 });
    const { result: idle, cpu } = await cpuPerRequest(server.pid, databaseName, async () => {
      const latency = await pacedLatency(PORT, homeModel, staff, { rate: RATE, duration: SECONDS });
      return { ...latency, requests: { total: latency.requests } };
    });
    idleCpu = cpu;
    console.log(APART ? `jobs in an instance of their own at niceness ${JOBS_NICE}` : 'jobs in the instance under load');
    console.log(`nothing to deliver: home model at ${RATE} req/s p50 ${idle.p50} ms, p99 ${idle.p99} ms, ${idle.errors} errors; load average ${load()}`);

    // Delivery warmed up on an endpoint of its own (not judged), then a fast endpoint alone, then a fast and a slow one.
    await register('/warm-up', 0);
    await phase('warm-up', '/warm-up');
    await api('DELETE', `/p/v1/webhook-endpoints/${endpoints.at(-1)}`);
    await register('/alone', 0);
    const alone = await phase('fast endpoint alone', '/alone');
    await api('DELETE', `/p/v1/webhook-endpoints/${endpoints.at(-1)}`);
    await register('/slow', SLOW_MS);
    await register('/fast', 0);
    const beside = await phase('fast beside a slow one', '/fast');
    const slow = await statsOf('/slow');
    console.log(`slow receiver (${SLOW_MS} ms an answer) meanwhile: ${slow.count} deliveries, ${slow.badSignatures} bad signatures`);

    const exact = (s) => s.count === EVENTS && s.duplicates === 0 && s.badSignatures === 0;
    const within = beside.latency.p99 <= idle.p99 * 1.1 && beside.latency.errors === 0;
    const failed = report('events', { events: EVENTS, jobs: APART ? `apart, niceness ${JOBS_NICE}` : 'in the instance under load', idle, idleCpu, alone, beside, slow: { count: slow.count, badSignatures: slow.badSignatures } }, [
      {
        name: `fast receiver ≥ 500 deliveries/s, ${EVENTS} events queued to a fast and a slow (${SLOW_MS} ms) endpoint`,
        measured: `${beside.perSecond.toFixed(0)}/s, ${beside.stats.count} delivered, ${beside.stats.duplicates} twice, ${beside.stats.badSignatures} bad signatures (load average ${beside.load})`,
        budget: `≥ 500/s, each of ${EVENTS} once, every signature valid`,
        ok: beside.perSecond >= 500 && exact(beside.stats) && slow.badSignatures === 0,
      },
      {
        name: 'the slow endpoint does not delay the fast one (≥ 90 % of the rate of a fast endpoint alone)',
        measured: `${beside.perSecond.toFixed(0)}/s beside it, ${alone.perSecond.toFixed(0)}/s alone (${((beside.perSecond / alone.perSecond) * 100).toFixed(0)} %); slow got ${slow.count}`,
        budget: '≥ 90 %',
        ok: beside.perSecond >= alone.perSecond * 0.9 && exact(alone.stats) && slow.count > 0,
      },
      {
        name: `home model p99 at ${RATE} req/s while delivering within 10 % of it with nothing to deliver`,
        measured: `${beside.latency.p99} ms delivering, ${idle.p99} ms not, ${beside.latency.errors} errors (load average ${beside.load})`,
        budget: `≤ ${(idle.p99 * 1.1).toFixed(1)} ms, 0 errors`,
        ok: within,
      },
    ]);
    process.exitCode = failed ? 1 : 0;
  } finally {
    // Deleted endpoints are sent nothing more, so the slow lane stops after the batch it holds.
    for (const id of endpoints) await api?.('DELETE', `/p/v1/webhook-endpoints/${id}`).catch(() => {});
    await stopProcess(server);
    if (APART) await stopProcess(jobs);
    if (endpoints.length > 0) {
      await sql.query('delete from webhook_attempts where delivery_id in (select id from webhook_deliveries where endpoint_id = any($1::bigint[]))', [endpoints]);
      await sql.query('delete from webhook_deliveries where endpoint_id = any($1::bigint[])', [endpoints]);
    }
    await sql.query('delete from events where actor_name = $1', [actor]);
    await sql.end();
    await database.close();
    receivers.send({ exit: true });
  }
}
