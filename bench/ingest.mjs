#!/usr/bin/env node
// docs/decisions/0019-usage-batches.md: a usage batch of 1 M records through POST /p/v1/usage/batches at
// ≥ 150,000 records/s and ≥ 70 % of a raw `COPY … FROM STDIN` of the same rows into cdrs (same run),
// with the server's peak RSS growth < 64 MB.
//
//   npm run build -w @portal/server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run bench:ingest
//   (… npm run bench:ingest -- --alerts: the same batch again with usage alerts on 10 % of the accounts, within 10 % of the rate without)
//
// The database needs no scale data: the server migrates it, and the bench adds 1,000 accounts with
// external ids (BENCH-ING-n) once. Each run loads records of its own and deletes them afterwards.
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { BENCH_SECRETS_KEY, report, requireBenchDatabase, requireCompiledServer, root, startServer, stopProcess, waitFor } from './lib.mjs';

const url = requireBenchDatabase('a PostgreSQL database (migrated by the server on start)');
requireCompiledServer();
const ROWS = Number(process.env.BENCH_INGEST_ROWS ?? 1_000_000);
const ACCOUNTS = 1000;
const PORT = Number(process.env.BENCH_INGEST_PORT ?? 3207);
const origin = `http://127.0.0.1:${PORT}`;
const run = Date.now().toString(36);
const CHUNK_ROWS = 2000;
// `-- --alerts`: also load the batch with usage alerts set on 10 % of the accounts, in the same run.
const ALERTS = process.argv.includes('--alerts');
// With --alerts the records fall in this month so far (the period alerts measure), else in November 2026.
const now = new Date();
const RECORDS_FROM = ALERTS ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) : Date.UTC(2026, 10, 1);
const RECORDS_SPAN_SECONDS = ALERTS ? Math.max(1, Math.min(2_500_000, Math.floor((now.getTime() - RECORDS_FROM) / 1000) - 3600)) : 2_500_000;

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (bytes) => +(bytes / 2 ** 20).toFixed(1);
// CPU time (user + system) of a process, in ms: /proc/<pid>/stat's utime and stime, in clock ticks of 10 ms.
const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** CPU ms of this database's PostgreSQL backends (the server's pool and this script), by pid; the database runs on this machine. */
const backendsCpu = async (db) => {
  const { rows } = await db.query('select pid from pg_stat_activity where datname = current_database()');
  // A backend that ended meanwhile has no /proc entry.
  return new Map(rows.flatMap(({ pid }) => (existsSync(`/proc/${pid}/stat`) ? [[pid, cpuMsOf(pid)]] : [])));
};
const cpuSince = (before, after) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
const usPerRecord = (ms) => +((ms * 1000) / ROWS).toFixed(1);

/** Record `i` of the run: a mix of calls, texts and data sessions over the accounts, some roaming. */
const recordOf = (i, prefix) => {
  const kind = i % 3 === 0 ? 'voice' : i % 3 === 1 ? 'sms' : 'data';
  return {
    recordId: `${prefix}-${i}`,
    accountExternalId: `BENCH-ING-${i % ACCOUNTS}`,
    startedAt: new Date(RECORDS_FROM + (i % RECORDS_SPAN_SECONDS) * 1000).toISOString(),
    kind,
    direction: i % 7 === 0 ? 'incoming' : 'outgoing',
    fromNumber: `+1416555${String(i % 10000).padStart(4, '0')}`,
    toNumber: kind === 'data' ? null : `+1647555${String(i % 9999).padStart(4, '0')}`,
    durationSeconds: kind === 'voice' ? i % 3600 : 0,
    dataKb: kind === 'data' ? i % 50000 : 0,
    description: kind === 'voice' ? 'Call to Toronto, ON' : kind === 'sms' ? 'Text message' : 'Mobile data',
    amount: ((i % 500) / 100).toFixed(4),
    ...(i % 11 === 0 ? { ratingClass: 'RoamingVoice' } : {}),
  };
};

async function* chunksOf(encode) {
  for (let start = 0; start < ROWS; start += CHUNK_ROWS) {
    let chunk = '';
    for (let i = start; i < Math.min(ROWS, start + CHUNK_ROWS); i++) chunk += encode(i);
    yield chunk;
  }
}

// The whole batch is one request: it must arrive within HTTP_REQUEST_TIMEOUT_MS (default 30 s).
const server = startServer(PORT, { DATABASE_URL: url, HTTP_REQUEST_TIMEOUT_MS: '600000' });
const db = new pg.Client({ connectionString: url });
try {
  await waitFor(`${origin}/readyz`);
  await db.connect();
  const { rows: have } = await db.query(`select count(*)::int as n from accounts where external_id like 'BENCH-ING-%'`);
  if (have[0].n < ACCOUNTS) {
    await db.query(
      `insert into accounts (customer_no, name, invoice_name, invoice_email_address, invoice_prefix, type, currency, language, payment_method, external_id)
       select 'BI' || lpad(g::text, 6, '0'), 'Bench ingest ' || g, 'Bench ingest ' || g, 'bench' || g || '@example.com', 'BI' || g,
              'Residential', 'CAD', 'English', 'Credit Card (Manual)', 'BENCH-ING-' || g
       from generate_series(0, $1::int - 1) g on conflict do nothing`,
      [ACCOUNTS],
    );
  }
  const accountIds = new Map(
    (await db.query(`select external_id, id::text from accounts where external_id like 'BENCH-ING-%'`)).rows.map((r) => [r.external_id, r.id]),
  );

  // Both loads start from the same table: without its dead rows (the raw COPY's, rolled back, and those
  // of earlier runs, deleted), which each load's index insertions would otherwise wade through.
  const vacuum = () => db.query('vacuum cdrs');
  await vacuum();
  // Raw COPY of the same rows (accounts already resolved), rolled back: what the database itself takes.
  const copyRow = (i) => {
    const r = recordOf(i, `RAW-${run}`);
    const cls = r.ratingClass ? '5' : '\\N';
    return `${accountIds.get(r.accountExternalId)}\t${r.recordId}\t${r.kind}\t${r.startedAt}\t${r.fromNumber}\t${r.toNumber ?? '\\N'}\t${r.durationSeconds}\t${r.dataKb}\t${r.description}\t${r.amount}\t${cls}\t${r.direction}\n`;
  };
  await db.query('begin');
  const { rows: [{ pid: copyBackend }] } = await db.query('select pg_backend_pid() as pid');
  const copyCpuBefore = cpuMsOf(copyBackend);
  const copyStarted = process.hrtime.bigint();
  await pipeline(
    Readable.from(chunksOf(copyRow)),
    db.query(
      copyStreams.from(
        'copy cdrs (account_id, record_id, kind, started_at, from_number, to_number, duration_seconds, data_kb, description, amount, usage_class, direction) from stdin',
      ),
    ),
  );
  const copySeconds = Number(process.hrtime.bigint() - copyStarted) / 1e9;
  const copyDatabaseCpu = cpuMsOf(copyBackend) - copyCpuBefore;
  await db.query('rollback');
  await vacuum();

  // An API client and its token, as a provider's first day makes them.
  const created = spawnSync('npm', ['run', '--silent', 'api-client', '--', 'create', '--name', `Bench ingest ${run}`, '--scopes', 'usage:write'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, SECRETS_KEY: BENCH_SECRETS_KEY },
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`api-client create failed: ${created.stderr}`);
  const { clientId, clientSecret } = JSON.parse(created.stdout.trim().split('\n').at(-1));
  const token = await fetch(`${origin}/a/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  }).then((r) => r.json());

  /** One batch of the run's records under `prefix`, streamed as NDJSON while the server's RSS is sampled; its records deleted after. */
  const loadBatch = async (prefix) => {
    const rssBefore = rssOf(server.pid);
    const serverCpuBefore = cpuMsOf(server.pid);
    const backendsBefore = await backendsCpu(db);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(server.pid))), 50);
    const batchStarted = process.hrtime.bigint();
    const answer = await new Promise((resolve, reject) => {
      const req = request(
        `${origin}/p/v1/usage/batches/BENCH-${prefix}`,
        { method: 'POST', headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/x-ndjson' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on('error', reject);
      pipeline(
        Readable.from(chunksOf((i) => `${JSON.stringify(recordOf(i, prefix))}\n`)),
        req,
      ).catch(reject);
    });
    const seconds = Number(process.hrtime.bigint() - batchStarted) / 1e9;
    clearInterval(sampler);
    const serverCpu = cpuMsOf(server.pid) - serverCpuBefore;
    const databaseCpu = cpuSince(backendsBefore, await backendsCpu(db));
    if (answer.status !== 200) throw new Error(`the batch answered ${answer.status}: ${answer.body.slice(0, 500)}`);
    await db.query(`delete from cdrs where record_id like $1`, [`${prefix}-%`]);
    return { seconds, serverCpu, databaseCpu, rssBefore, rssPeak, loaded: JSON.parse(answer.body) };
  };

  const plain = await loadBatch(`ING-${run}`);
  const { loaded, rssBefore, rssPeak } = plain;
  const batchSeconds = plain.seconds;
  const serverCpu = plain.serverCpu;
  const batchDatabaseCpu = plain.databaseCpu;

  // --alerts: the same batch again, usage alerts and a spending limit set on every tenth account
  // (docs/decisions/0033-usage-alerts-and-spending-limits.md), decided within the batch's own load.
  let alerts = null;
  if (ALERTS) {
    await vacuum();
    const alerted = [...accountIds].filter(([externalId]) => Number(externalId.slice('BENCH-ING-'.length)) % 10 === 0).map(([, id]) => id);
    await db.query(`update accounts set plan_name = 'Bench 500', plan_lines = 1, plan_voice_minutes = 500, plan_data_mb = 2048 where id = any($1::bigint[])`, [alerted]);
    await db.query(
      `insert into usage_alert_settings (account_id, allowances, overage_amount, email)
       select id, '[{"kind":"voice","percents":[50,80,90,100]},{"kind":"sms","percents":[80,100]},{"kind":"data","percents":[80,100]},{"kind":"roaming","percents":[80,100]}]', 20, true
       from unnest($1::bigint[]) id on conflict do nothing`,
      [alerted],
    );
    await db.query(`insert into usage_limits (account_id, amount) select id, 50 from unnest($1::bigint[]) id on conflict do nothing`, [alerted]);
    try {
      const run2 = await loadBatch(`ING-ALERTS-${run}`);
      const fired = (await db.query(`select count(*)::int as n from usage_alerts_fired where account_id = any($1::bigint[])`, [alerted])).rows[0].n;
      alerts = {
        accounts: alerted.length,
        fired,
        seconds: +run2.seconds.toFixed(2),
        rowsPerSecond: Math.round(ROWS / run2.seconds),
        serverCpuUsPerRecord: usPerRecord(run2.serverCpu),
        databaseCpuUsPerRecord: usPerRecord(run2.databaseCpu),
      };
    } finally {
      const ids = [alerted];
      await db.query(`delete from webhook_deliveries where event_id in (select id from events where account_id = any($1::bigint[]) and type like 'usage.limit%')`, ids);
      await db.query(`delete from events where account_id = any($1::bigint[]) and type like 'usage.limit%'`, ids);
      await db.query(`delete from notifications where account_id = any($1::bigint[]) and kind = 'usage_alert'`, ids);
      for (const table of ['usage_alerts_fired', 'usage_alert_settings', 'usage_limits']) await db.query(`delete from ${table} where account_id = any($1::bigint[])`, ids);
    }
  }

  const results = {
    rows: ROWS,
    rawCopy: { seconds: +copySeconds.toFixed(2), rowsPerSecond: Math.round(ROWS / copySeconds), databaseCpuUsPerRecord: usPerRecord(copyDatabaseCpu) },
    batch: {
      seconds: +batchSeconds.toFixed(2),
      rowsPerSecond: Math.round(ROWS / batchSeconds),
      ...loaded,
      serverCpuUsPerRecord: usPerRecord(serverCpu),
      databaseCpuUsPerRecord: usPerRecord(batchDatabaseCpu),
    },
    serverRss: { beforeMB: mb(rssBefore), peakMB: mb(rssPeak), growthMB: mb(rssPeak - rssBefore) },
    ...(alerts ? { alerts } : {}),
  };
  console.log(JSON.stringify(results, null, 2));
  const ratio = results.batch.rowsPerSecond / results.rawCopy.rowsPerSecond;
  process.exitCode = report('ingest', results, [
    { name: 'usage batch records loaded', measured: `${loaded.loaded}`, budget: `${ROWS}`, ok: loaded.loaded === ROWS },
    { name: 'usage batch records/s', measured: `${results.batch.rowsPerSecond}`, budget: '≥ 150,000', ok: results.batch.rowsPerSecond >= 150_000 },
    { name: 'usage batch rate vs raw COPY', measured: `${(ratio * 100).toFixed(0)}%`, budget: '≥ 70%', ok: ratio >= 0.7 },
    { name: 'usage batch peak server RSS growth', measured: `${results.serverRss.growthMB} MB`, budget: '< 64 MB', ok: results.serverRss.growthMB < 64 },
    ...(alerts
      ? [
          {
            name: 'usage batch rate with alerts on 10 % of accounts vs none',
            measured: `${((alerts.rowsPerSecond / results.batch.rowsPerSecond) * 100).toFixed(0)}%`,
            budget: '≥ 90%',
            ok: alerts.rowsPerSecond >= 0.9 * results.batch.rowsPerSecond,
          },
        ]
      : []),
  ])
    ? 1
    : 0;
} finally {
  await db.end().catch(() => undefined);
  await stopProcess(server);
}
