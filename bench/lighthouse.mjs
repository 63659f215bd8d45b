#!/usr/bin/env node
// docs/decisions/0009-performance-budgets.md (web): Lighthouse (mobile) performance ≥ 95 and accessibility 100 on /login, /,
// /invoices and /payments; its text-compression audit passes on each, and the bytes of scripts and of
// everything the page loads are reported as transferred (compressed as served). Pages are judged as
// customers receive them: through the deployment's TLS proxy (Caddy, HTTP/2: deploy/Caddyfile,
// bench/tls-proxy.mjs). Lighthouse's simulation gives a plain HTTP/1.1 origin six connections and a round
// trip per request, which a signed-in page's fifty modules pay as some eight round trips in a row; that
// first visit straight from the server, as no deployment serves it, is reported beside. Every page is
// judged on a first visit, nothing of the app cached; signed-in pages are then run again as a return visit
// (what the first cached), reported beside. Each judged first visit runs `--runs` times (default 3) and the
// run with the median performance score is judged, as Lighthouse's guidance on variability advises: on a
// shared 2-core machine one page's score moved by ten points from run to run of the same build. Lighthouse
// 12.8 (the last major on Node 20) is fetched by npx when the benchmark runs, so it stays out of the
// project's install.
//
//   npm run build && node bench/lighthouse.mjs [--runs 3]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { report, root, startProcess, stopProcess, waitFor } from './lib.mjs';
import { startTlsProxy } from './tls-proxy.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: a whole number of at least 1, not '${values.runs}'`);
const PORT = 3301;
const direct = `http://127.0.0.1:${PORT}`;
const out = path.join(root, 'bench/results/lighthouse');
mkdirSync(out, { recursive: true });
const server = startProcess('node', ['scripts/e2e-server.mjs'], {
  env: { E2E_PORT: String(PORT), E2E_DATA_DIR: path.join(out, 'data'), E2E_LOG_LEVEL: 'warn' },
});
const chromeFlags =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --ignore-certificate-errors';
let proxy;

try {
  await waitFor(`${direct}/readyz`);
  proxy = await startTlsProxy({ port: 3443, upstreamPort: PORT, dir: path.join(out, 'caddy') });
  const login = await fetch(`${direct}/a/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'customer', password: 'Demo-Pass-2025!' }),
  }).then((r) => r.json());
  const results = {};
  const budgets = [];
  const env = { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' };
  const profile = path.join(out, 'profile');
  /** One Lighthouse run of `route` at `origin`, written to `file`; signed-in pages run in the seeded profile. */
  const audit = (origin, route, file) => {
    const args = [
      '--yes',
      'lighthouse@12.8',
      `${origin}${route}`,
      '--quiet',
      '--output=json',
      `--output-path=${file}`,
      '--only-categories=performance,accessibility',
      '--form-factor=mobile',
    ];
    if (route === '/login') args.push(`--chrome-flags=${chromeFlags}`);
    else args.push('--disable-storage-reset', `--chrome-flags=${chromeFlags} --user-data-dir=${profile}`);
    const run = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`lighthouse failed on ${route}`);
    return JSON.parse(readFileSync(file, 'utf8'));
  };
  /**
   * `run` again once when Lighthouse fails: now and then it loses the page load's trace (NO_NAVSTART) and
   * exits with an error, which has nothing to do with the page.
   */
  const retriedOnce = (run) => {
    try {
      return run();
    } catch (error) {
      console.warn(`${error.message}; running it once more`);
      return run();
    }
  };
  const score = (lhr, category) => Math.round(lhr.categories[category].score * 100);
  const timings = (lhr) =>
    ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map((id) => lhr.audits[id].displayValue).join(' / ');
  /** A first visit of `route` at `origin`: signed-in pages get a profile holding only the session token. */
  const firstVisit = (origin, route, file) =>
    retriedOnce(() => {
      if (route !== '/login') {
        // Signed-in pages read the session from localStorage: the seeded profile carries it in, with an empty
        // HTTP cache, so the budget judges a first visit as Lighthouse's own storage reset would.
        const seed = spawnSync('node', ['bench/seed-storage.mjs', origin, login.token, profile], { stdio: 'inherit', env });
        if (seed.status !== 0) throw new Error('could not seed the browser profile');
      }
      return audit(origin, route, file);
    });
  /** `runs` first visits of `route` through the proxy: the one with the median score (the lower of two middles) and every score. */
  const judgedVisit = (route, name) => {
    const lhrs = Array.from({ length: runs }, (_, i) => firstVisit(proxy.origin, route, path.join(out, `${name}-${i + 1}.json`)));
    const byScore = [...lhrs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    return { lhr: byScore[Math.floor((runs - 1) / 2)], scores: lhrs.map((lhr) => score(lhr, 'performance')).join(' ') };
  };
  for (const route of ['/login', '/', '/invoices', '/payments']) {
    const name = route === '/' ? 'dashboard' : route.slice(1);
    const { lhr, scores } = judgedVisit(route, name);
    const performance = score(lhr, 'performance');
    const accessibility = score(lhr, 'accessibility');
    const compression = lhr.audits['uses-text-compression'];
    const compressed = compression.score === 1 || compression.scoreDisplayMode === 'notApplicable';
    const transfer = (type) => lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === type)?.transferSize ?? 0;
    results[route] = {
      performance,
      runs: scores,
      accessibility,
      textCompression: compression.displayValue || (compressed ? 'pass' : 'fail'),
      'FCP / LCP / TBT / CLS': timings(lhr),
      scriptTransferKB: +(transfer('script') / 1024).toFixed(1),
      totalTransferKB: +(transfer('total') / 1024).toFixed(1),
      finalUrl: lhr.finalDisplayedUrl,
    };
    if (route !== '/login') {
      // The same page again with what the first visit cached: a customer coming back. Reported, not judged.
      const again = retriedOnce(() => audit(proxy.origin, route, path.join(out, `${name}-return.json`)));
      results[`${route} (return visit)`] = {
        performance: score(again, 'performance'),
        'FCP / LCP / TBT / CLS': timings(again),
      };
    }
    const unproxied = firstVisit(direct, route, path.join(out, `${name}-direct.json`));
    results[`${route} (HTTP/1.1, no proxy)`] = {
      performance: score(unproxied, 'performance'),
      'FCP / LCP / TBT / CLS': timings(unproxied),
    };
    budgets.push({ name: `Lighthouse performance ${route} (first visit)`, measured: String(performance), budget: '≥ 95', ok: performance >= 95 });
    budgets.push({ name: `Lighthouse accessibility ${route}`, measured: String(accessibility), budget: '100', ok: accessibility === 100 });
    budgets.push({ name: `Lighthouse text compression ${route}`, measured: results[route].textCompression, budget: 'pass', ok: compressed });
  }
  console.table(results);
  process.exitCode = report('lighthouse', results, budgets) ? 1 : 0;
} finally {
  if (proxy) await stopProcess(proxy.child);
  await stopProcess(server);
}
