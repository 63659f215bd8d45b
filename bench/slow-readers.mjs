#!/usr/bin/env node
// Slow readers stay cheap (docs/decisions/0009-performance-budgets.md): while 500 clients read the largest web asset a
// few bytes a second (slowhttptest -X, Debian's `slowhttptest`), /healthz and sign-in still answer
// within 100 ms. Loopback only, bounded run (ATTACK_SECONDS, default 60).
//
//   npm run build && node bench/slow-readers.mjs            # as slowhttptest asks: no Accept-Encoding
//   npm run build && node bench/slow-readers.mjs --brotli   # the same readers accepting Brotli
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { percentile, report, root, startProcess, stopProcess, waitFor } from './lib.mjs';

const PORT = 3303;
const origin = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 500;
const ATTACK_SECONDS = Number(process.env.ATTACK_SECONDS ?? 60);
const brotli = process.argv.includes('--brotli');

if (spawnSync('slowhttptest', ['-h']).error) throw new Error('slowhttptest is missing: apt-get install -y slowhttptest');
const assets = path.join(root, 'apps/web/dist/assets');
const largest = readdirSync(assets)
  .filter((file) => file.endsWith('.js'))
  .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0];
if (!largest) throw new Error('no built assets: npm run build first');

const server = startProcess('node', ['scripts/e2e-server.mjs'], {
  env: { E2E_PORT: String(PORT), E2E_DATA_DIR: `${root}/bench/results/slow-readers-data`, E2E_LOG_LEVEL: 'warn' },
});

const timed = async (request) => {
  const started = process.hrtime.bigint();
  const res = await request();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`probe answered ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
};
const healthz = () => timed(() => fetch(`${origin}/healthz`));
const SIGN_IN = JSON.stringify({ username: 'customer', password: 'Demo-Pass-2025!' });
/**
 * Sign-ins come from rotating loopback addresses (127.0.0.2, .3, …; 50 each): the per-address login limit
 * (100 per 15 minutes) would otherwise answer 429 to the probes themselves.
 */
let signInCount = 0;
const signIn = () =>
  timed(
    () =>
      new Promise((resolve, reject) => {
        const localAddress = `127.0.0.${2 + Math.floor(signInCount++ / 50)}`;
        const req = httpRequest(
          `${origin}/a/v1/Authenticate`,
          { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(SIGN_IN) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ ok: res.statusCode === 200, status: res.statusCode, arrayBuffer: async () => undefined }));
          },
        );
        req.on('error', reject);
        req.end(SIGN_IN);
      }),
  );

/** /healthz every 100 ms and a sign-in every 300 ms (enough samples for a p99 that is not just the maximum), for `seconds`. */
const probe = async (seconds) => {
  const health = [];
  const signIns = [];
  const until = Date.now() + seconds * 1000;
  let tick = 0;
  while (Date.now() < until) {
    health.push(await healthz());
    if (tick++ % 3 === 0) signIns.push(await signIn());
    await new Promise((r) => setTimeout(r, 100));
  }
  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { count: sorted.length, p50Ms: +percentile(sorted, 50).toFixed(1), p99Ms: +percentile(sorted, 99).toFixed(1), maxMs: +sorted.at(-1).toFixed(1) };
  };
  return { healthz: summary(health), signIn: summary(signIns) };
};

try {
  await waitFor(`${origin}/readyz`);
  const results = { asset: largest, acceptEncoding: brotli ? 'br' : 'none', connections: CONNECTIONS, attackSeconds: ATTACK_SECONDS };
  // The same probes without readers first: what this (shared) machine gives at the time.
  results.idle = await probe(20);

  // Window 1–512 bytes, 5 bytes read every second: each reader holds its response for minutes.
  // slowhttptest has no Accept-Encoding option; its cookie value is the one header it lets us add to.
  const args = ['-X', '-c', String(CONNECTIONS), '-r', '200', '-l', String(ATTACK_SECONDS), '-w', '1', '-y', '512', '-n', '1', '-z', '5', '-p', '3'];
  if (brotli) args.push('-j', 'probe=1\r\nAccept-Encoding: br');
  args.push('-u', `${origin}/assets/${largest}`);
  const attack = spawn('slowhttptest', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let log = '';
  // Its status lines are coloured: keep the text only.
  attack.stdout.on('data', (chunk) => (log += chunk.toString().replace(/\x1b\[[0-9;]*m/g, '')));
  const attackEnded = new Promise((resolve) => attack.once('exit', resolve));

  // Probe once every reader has connected (500 at 200/s), until the attack is nearly over.
  await new Promise((r) => setTimeout(r, 5000));
  results.underAttack = await probe(Math.max(5, ATTACK_SECONDS - 10));
  await attackEnded;
  const connected = [...log.matchAll(/connected:\s+(\d+)/g)].map((m) => Number(m[1]));
  results.readersConnectedMax = Math.max(0, ...connected);
  results.slowhttptestVerdict = log.match(/service available:\s+(\S+)/g)?.at(-1) ?? 'unknown';

  console.log(JSON.stringify(results, null, 2));
  const under = results.underAttack;
  process.exitCode = report(brotli ? 'slow-readers-br' : 'slow-readers', results, [
    { name: `readers connected (of ${CONNECTIONS})`, measured: String(results.readersConnectedMax), budget: `≥ ${CONNECTIONS * 0.9}`, ok: results.readersConnectedMax >= CONNECTIONS * 0.9 },
    { name: '/healthz p99 under slow readers', measured: `${under.healthz.p99Ms} ms (max ${under.healthz.maxMs})`, budget: '< 100 ms', ok: under.healthz.p99Ms < 100 },
    { name: 'sign-in p99 under slow readers', measured: `${under.signIn.p99Ms} ms (max ${under.signIn.maxMs})`, budget: '< 100 ms', ok: under.signIn.p99Ms < 100 },
  ])
    ? 1
    : 0;
} finally {
  await stopProcess(server);
}
