// Shared by the benchmarks: start a server process, wait for it, sign in, load a route, stop it, print results.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What apps/server's `npm start` runs: its leading NAME=value words (the environment it sets), then what
 * follows `node` (its flags, then dist/server.js), so every benchmark measures the server as production starts it.
 */
const START_WORDS = JSON.parse(readFileSync(`${root}/apps/server/package.json`, 'utf8')).scripts.start.split(' ');
const START_ENV = Object.fromEntries(START_WORDS.slice(0, START_WORDS.indexOf('node')).map((word) => word.split('=')));
const SERVER_ARGS = START_WORDS.slice(START_WORDS.indexOf('node') + 1);
/** The Node flags and environment `npm start` runs the server with, for a process measured beside it. */
export const SERVER_NODE_FLAGS = SERVER_ARGS.filter((word) => word.startsWith('--'));
export const SERVER_NODE_ENV = START_ENV;

/** The key a production-mode server under benchmark seals its secrets with (SECRETS_KEY), one per bench database. */
export const BENCH_SECRETS_KEY = process.env.SECRETS_KEY ?? 'be'.repeat(32);

/** Starts a command in its own process group, so stopping it also stops what it started (npx → tsx → node). */
export const startProcess = (command, args, { env = {}, cwd = root } = {}) =>
  spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'], detached: true });

/** Whether `url` answers 2xx (false while nothing listens). */
const answersOk = async (url) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

/** Resolves once `isUp(url)` holds, asked every 250 ms; throws after `timeoutMs`. */
export const waitFor = async (url, timeoutMs = 120_000, isUp = answersOk) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await isUp(url)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
};

export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    process.kill(-child.pid, 'SIGTERM');
  });

/** Stops the benchmark (exit 2: it could not run) unless the server has been compiled. */
export const requireCompiledServer = () => {
  if (existsSync(`${root}/apps/server/dist/server.js`)) return;
  console.error('No compiled server: npm run build first.');
  process.exit(2);
};

/** BENCH_DATABASE_URL, or the benchmark stops (exit 2) saying what it needs. */
export const requireBenchDatabase = (what = 'a PostgreSQL database holding the scale data') => {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) return url;
  console.error(`Set BENCH_DATABASE_URL to ${what}.`);
  process.exit(2);
};

/** The compiled server in production mode on loopback, jobs off unless `env` turns them on. */
export const startServer = (port, env = {}) =>
  startProcess('node', SERVER_ARGS, {
    cwd: `${root}/apps/server`,
    env: {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      METRICS_PORT: '0',
      NODE_ENV: 'production',
      ...START_ENV,
      SECRETS_KEY: BENCH_SECRETS_KEY,
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
    },
  });

/** Signs a demo user in (password Demo-Pass-2025!) and returns the bearer header. */
export const signIn = async (port, username) => {
  const login = await fetch(`http://127.0.0.1:${port}/a/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo-Pass-2025!' }),
  }).then((r) => r.json());
  if (!login.successful) throw new Error(`${username} could not sign in: ${login.error}`);
  return { authorization: `Bearer ${login.token}` };
};

/** autocannon on one route whose path `path()` picks per request; paced at `rate` req/s when given, else as fast as it serves. */
export const loadRoute = (port, path, headers, { connections, duration, rate }) =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    requests: [{ setupRequest: (req) => ({ ...req, path: path(), headers }) }],
  });

/** User + system CPU ticks (1/100 s) of a process, or of one of its threads; 0 once it has gone. */
const cpuTicks = (pid, thread) => {
  try {
    const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

/** PostgreSQL backends connected to `database` (their title names it), by pid. */
const backendsOf = (database) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return title.startsWith('postgres: ') && title.includes(` ${database} `);
      } catch {
        return false;
      }
    });

/**
 * Where one request's CPU goes while `load()` runs (Linux): microseconds per request on the server's main
 * thread (JavaScript, parsing, system calls), in the PostgreSQL backends of `database` (a backend opened
 * during the run counts whole, one closed during it is missed) and in this process (the load generator).
 * Tells a route bound by its JavaScript from one bound by its statements.
 */
export const cpuPerRequest = async (serverPid, database, load) => {
  const before = new Map(backendsOf(database).map((pid) => [pid, cpuTicks(pid)]));
  const server = cpuTicks(serverPid, serverPid);
  const own = process.cpuUsage();
  const result = await load();
  const backends = backendsOf(database).reduce((sum, pid) => sum + cpuTicks(pid) - (before.get(pid) ?? 0), 0);
  const ownUs = process.cpuUsage(own);
  const perRequest = (us) => Math.round(us / result.requests.total);
  return {
    result,
    cpu: { serverMainUs: perRequest((cpuTicks(serverPid, serverPid) - server) * 10_000), postgresUs: perRequest(backends * 10_000), loadGeneratorUs: perRequest(ownUs.user + ownUs.system) },
  };
};

/**
 * Latency at a steady arrival rate (open loop, as wrk2 measures): a request is due every 1000/rate ms
 * whether or not earlier ones have answered, and each latency counts from when it was due, so a stall
 * shows in every request it delays. autocannon's `overallRate` instead lets each connection send its
 * share of a second back to back at the start of the second, which measures a burst of `rate` requests
 * at full concurrency (and its coordinated-omission correction assumes a 1 ms interval).
 */
export const pacedLatency = async (port, path, headers, { rate, duration, connections = 50 }) => {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const interval = 1000 / rate;
  const total = Math.round(rate * duration);
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const one = (due) =>
    new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: path(), headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode >= 400) errors += 1;
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(due));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ms = (p) => +percentile(latencies, p).toFixed(1);
  return { p50: ms(50), p99: ms(99), max: ms(100), requests: latencies.length, rate: +(latencies.length / ((performance.now() - started) / 1000)).toFixed(1), errors };
};

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Writes bench/results/<name>.json and prints a verdict line per budget. */
export const report = (name, results, budgets) => {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ at: new Date().toISOString(), results, budgets }, null, 2));
  let failed = 0;
  for (const b of budgets) {
    const ok = b.ok;
    if (!ok) failed += 1;
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${b.name}: ${b.measured} (budget ${b.budget})`);
  }
  return failed;
};

/**
 * A provider API token of a new API client with `scopes`, made as a new installation makes its first one
 * (`npm run api-client -- create` against `databaseUrl`), from the server on `port`.
 */
export const providerToken = async (port, databaseUrl, name, scopes) => {
  const created = execFileSync('npx', ['tsx', 'src/api-client.ts', 'create', '--name', name, '--scopes', scopes.join(',')], {
    cwd: `${root}/apps/server`,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  const { clientId, clientSecret } = JSON.parse(created.trim().split('\n').at(-1));
  const token = await fetch(`http://127.0.0.1:${port}/a/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  }).then((r) => r.json());
  return token.access_token;
};
