#!/usr/bin/env node
// No budget: what a signed-in first visit's main thread does, where Lighthouse's simulation is too noisy
// on a shared 2-core machine to tell one change from another (bench/README.md). Each of `/`, `/invoices`
// and `/payments` is opened `--visits` times (default 7) in a fresh Chromium context holding only the session
// token, at 4× CPU throttle and a phone's viewport, until it shows no skeleton and its network has been idle
// for 2 s. Reported, as medians: first contentful paint, the last largest-contentful-paint candidate, the
// blocking time after the first paint (long tasks' time beyond 50 ms, as Lighthouse's TBT counts it) and
// before it, and the time the page spent running JavaScript (DevTools' ScriptDuration, at 4×), which does
// not depend on where the tasks happen to end. With `--network mobile` the link is Lighthouse's mobile one
// too (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up), emulated by Chromium instead of simulated.
//
//   npm run build && node bench/first-visits.mjs [--visits 7] [--network mobile]
import { parseArgs } from 'node:util';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { percentile, report, root, signIn, startProcess, stopProcess, waitFor } from './lib.mjs';

const PORT = 3302;
const origin = `http://127.0.0.1:${PORT}`;
const ROUTES = ['/', '/invoices', '/payments'];
const { values } = parseArgs({ options: { visits: { type: 'string', default: '7' }, network: { type: 'string' } } });
const visits = Number(values.visits);
const MOBILE_LINK = { offline: false, latency: 150, downloadThroughput: (1_638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
if (values.network !== undefined && values.network !== 'mobile') throw new Error(`--network: only 'mobile' is known, not '${values.network}'`);

const median = (xs) => Math.round(percentile([...xs].sort((a, b) => a - b), 50));
const blocking = (tasks) => tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);

const server = startProcess('node', ['scripts/e2e-server.mjs'], {
  env: { E2E_PORT: String(PORT), E2E_DATA_DIR: path.join(root, 'bench/results/first-visits/data'), E2E_LOG_LEVEL: 'warn' },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** One cold visit of `route` with `token` stored: paint times, the long tasks before and after the first paint, and all the JavaScript's time. */
const visit = async (route, token) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.evaluate((t) => window.localStorage.setItem('token', t), token);
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.clearBrowserCache');
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (values.network === 'mobile') await devtools.send('Network.emulateNetworkConditions', MOBILE_LINK);
    await page.addInitScript(() => {
      const seen = { tasks: [], lcp: 0 };
      Object.defineProperty(window, '__firstVisit', { value: seen });
      new PerformanceObserver((list) => list.getEntries().forEach((e) => seen.tasks.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (seen.lcp = e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await devtools.send('Performance.enable');
    const scriptSeconds = async () => (await devtools.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration').value;
    const scriptBefore = await scriptSeconds();
    await page.goto(`${origin}${route}`);
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0 && document.querySelector('main') && !document.querySelector('.animate-pulse'),
      null,
      { timeout: 60_000, polling: 100 },
    );
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2_000);
    const scriptMs = ((await scriptSeconds()) - scriptBefore) * 1000;
    const seen = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0].startTime;
      const { tasks, lcp } = window.__firstVisit;
      return { fcp, lcp, after: tasks.filter(([start]) => start >= fcp), before: tasks.filter(([start]) => start < fcp) };
    });
    return { ...seen, scriptMs };
  } finally {
    await context.close();
  }
};

try {
  await waitFor(`${origin}/readyz`);
  const token = (await signIn(PORT, 'customer')).authorization.slice('Bearer '.length);
  const results = {};
  for (const route of ROUTES) {
    const runs = [];
    for (let i = 0; i < visits; i += 1) runs.push(await visit(route, token));
    results[route] = {
      fcpMs: median(runs.map((r) => r.fcp)),
      lcpMs: median(runs.map((r) => r.lcp)),
      blockingAfterFcpMs: median(runs.map((r) => blocking(r.after))),
      blockingBeforeFcpMs: median(runs.map((r) => blocking(r.before))),
      scriptMs: median(runs.map((r) => r.scriptMs)),
      eachBlockingAfterFcpMs: runs.map((r) => Math.round(blocking(r.after))).join(' '),
    };
  }
  console.table(results);
  report(values.network === 'mobile' ? 'first-visits-mobile' : 'first-visits', results, []);
} finally {
  await browser.close();
  await stopProcess(server);
}
