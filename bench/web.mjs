#!/usr/bin/env node
// decisions §9 (web): initial JS for /login ≤ 130 KB gzip, any route's JS ≤ 200 KB gzip, and the
// login form visible within 0.6 s in headless Chromium at 4× CPU throttle, served locally.
//
//   npm run build && node bench/web.mjs
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { report, root, startProcess, stopProcess, waitFor } from './lib.mjs';

const PORT = 3300;
const origin = `http://127.0.0.1:${PORT}`;
const server = startProcess('node', ['scripts/e2e-server.mjs'], {
  env: { E2E_PORT: String(PORT), E2E_DATA_DIR: `${root}/bench/results/web-data`, E2E_LOG_LEVEL: 'warn' },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** Gzip bytes of every script the page loads while `action` runs. */
const scriptBytes = async (page, action) => {
  const sizes = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      sizes.set(res.url(), gzipSync(await res.body(), { level: 9 }).length);
    } catch {
      // a redirect or aborted response has no body
    }
  });
  await action();
  await page.waitForLoadState('networkidle');
  return [...sizes.values()].reduce((a, b) => a + b, 0);
};

try {
  await waitFor(`${origin}/readyz`);
  const results = {};
  const budgets = [];

  // Login: JS and time to a visible form at 4× CPU throttle, median of 5 cold loads.
  const timings = [];
  let loginBytes = 0;
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const started = Date.now();
    loginBytes = await scriptBytes(page, async () => {
      await page.goto(`${origin}/login`);
      await page.getByLabel('Username').waitFor({ state: 'visible' });
      timings.push(Date.now() - started);
    });
    await context.close();
  }
  timings.sort((a, b) => a - b);
  const median = timings[2];
  results.login = { jsGzipKB: +(loginBytes / 1024).toFixed(1), formVisibleMs: timings };
  budgets.push({ name: 'initial JS for /login', measured: `${(loginBytes / 1024).toFixed(1)} KB gzip`, budget: '≤ 130 KB', ok: loginBytes <= 130 * 1024 });
  budgets.push({ name: 'login form visible at 4× CPU throttle (median of 5)', measured: `${median} ms`, budget: '≤ 600 ms', ok: median <= 600 });

  // Every authenticated route, each from a cold load with a session.
  const login = await fetch(`${origin}/a/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'customer', password: 'Demo-Pass-2025!' }),
  }).then((r) => r.json());
  const invoices = ['/', '/invoices', '/payments', '/profile', '/user/details', '/password', '/privacy-policy', '/terms-of-use'];
  for (const route of invoices) {
    const context = await browser.newContext();
    await context.addInitScript((token) => window.localStorage.setItem('token', token), login.token);
    const page = await context.newPage();
    const bytes = await scriptBytes(page, () => page.goto(`${origin}${route}`));
    results[route] = { jsGzipKB: +(bytes / 1024).toFixed(1) };
    budgets.push({ name: `JS for ${route}`, measured: `${(bytes / 1024).toFixed(1)} KB gzip`, budget: '≤ 200 KB', ok: bytes <= 200 * 1024 });
    await context.close();
  }
  console.table(results);
  process.exitCode = report('web', results, budgets) ? 1 : 0;
} finally {
  await browser.close();
  await stopProcess(server);
}
