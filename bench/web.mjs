#!/usr/bin/env node
// docs/decisions/0009-performance-budgets.md (web): initial JS for /login ≤ 110 KB, any route's JS ≤ 180 KB (dialogs it preloads
// included), counted as served: the bytes that cross the wire to Chromium, which asks for Brotli
// and gzip. For each route it also reports what the same scripts weigh as sent to a client that
// accepts no encoding, and to one that accepts only gzip or only Brotli. And the login form visible
// within 0.4 s in headless Chromium at 4× CPU throttle, served locally (docs/decisions/0009-performance-budgets.md): from the
// moment the benchmark asks for the page to the page's first contentful paint, which on /login is
// the form (its HTML is prerendered; the root's fallback before any route renders holds no text).
// Also reported: when Playwright's locator first sees the form, which waits for the load event and
// then for the page's JavaScript to let go of the main thread (the app hydrating the form).
// And the layout shift of /login as it goes live (≤ 0.1, Core Web Vitals' "good"): what the prerendered page
// lacked that the live one shows (the passkey button did) moves the card. Printed beside the paint, not judged:
// the same measure on a page of one labelled field from a bare Node server, loaded just before each login
// load, the part of the figure that is the machine's and the browser's own (from 100 to 400 ms on the
// machines seen here), so that a slow machine can be told from a slow page.
//
//   npm run build && node bench/web.mjs
import { createServer, request } from 'node:http';
import { chromium } from '@playwright/test';
import { report, root, startProcess, stopProcess, waitFor } from './lib.mjs';

const PORT = 3300;
const origin = `http://127.0.0.1:${PORT}`;
const KB = 1024;
const server = startProcess('node', ['scripts/e2e-server.mjs'], {
  env: { E2E_PORT: String(PORT), E2E_DATA_DIR: `${root}/bench/results/web-data`, E2E_LOG_LEVEL: 'warn' },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** Body bytes on the wire for a GET of `url` sending this Accept-Encoding (none when undefined). */
const wireBytes = (url, acceptEncoding) =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

const kb = (bytes) => +(bytes / KB).toFixed(1);

const ONE_FIELD_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>One field</title><label>Username <input name="username"></label></html>';
const oneFieldServer = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ONE_FIELD_PAGE));
await new Promise((resolve) => oneFieldServer.listen(0, '127.0.0.1', resolve));

/** Milliseconds from `started` (`Date.now()`, the same clock as the page's `performance.timeOrigin` on one machine) to the page's first contentful paint. */
const paintedSince = async (page, started) =>
  Math.round((await page.evaluate(() => performance.timeOrigin + performance.getEntriesByName('first-contentful-paint')[0].startTime)) - started);

/** Milliseconds from asking for `url` in a fresh context at 4× CPU throttle and a phone's viewport to its first contentful paint. */
const firstPaint = async (url) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const started = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 50 });
    return await paintedSince(page, started);
  } finally {
    await context.close();
  }
};

/**
 * Every script the page loads while `action` runs: the body bytes Chromium received (as served), the
 * encodings the server chose, and the same scripts fetched again without, with gzip and with Brotli.
 */
const scriptBytes = async (page, action) => {
  const finished = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    finished.push(
      Promise.all([req.sizes(), req.response()]).then(([sizes, response]) => ({
        url: req.url(),
        bytes: sizes.responseBodySize,
        encoding: response?.headers()['content-encoding'] ?? 'identity',
      })),
    );
  });
  await action();
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(finished);
  const sent = { identity: 0, gzip: 0, br: 0 };
  for (const { url } of scripts) {
    sent.identity += await wireBytes(url);
    sent.gzip += await wireBytes(url, 'gzip');
    sent.br += await wireBytes(url, 'br');
  }
  return {
    served: scripts.reduce((sum, script) => sum + script.bytes, 0),
    encodings: [...new Set(scripts.map((script) => script.encoding))].join('+'),
    scripts: scripts.length,
    ...sent,
  };
};

const routeResult = (bytes) => ({
  servedKB: kb(bytes.served),
  encoding: bytes.encodings,
  scripts: bytes.scripts,
  noEncodingKB: kb(bytes.identity),
  gzipKB: kb(bytes.gzip),
  brotliKB: kb(bytes.br),
});

try {
  await waitFor(`${origin}/readyz`);
  const results = {};
  const budgets = [];

  // Login: JS, time to a visible form and how far the page moves as it goes live, at 4× CPU throttle and a
  // phone's viewport (Lighthouse's), over 5 cold loads.
  const timings = [];
  const detected = [];
  const shifts = [];
  const oneField = [];
  let loginBytes;
  for (let i = 0; i < 5; i++) {
    oneField.push(await firstPaint(`http://127.0.0.1:${oneFieldServer.address().port}/`));
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const started = Date.now();
    loginBytes = await scriptBytes(page, async () => {
      await page.goto(`${origin}/login`);
      await page.getByLabel('Username').waitFor({ state: 'visible' });
      detected.push(Date.now() - started);
      timings.push(await paintedSince(page, started));
      // Live (the fields take input) and every call answered (the sign-in options): nothing left to move it.
      await page.waitForFunction(() => document.querySelector('input[name=username]')?.readOnly === false);
      await page.waitForLoadState('networkidle');
      shifts.push(+(await page.evaluate(() => window.layoutShift)).toFixed(3));
    });
    await context.close();
  }
  timings.sort((a, b) => a - b);
  detected.sort((a, b) => a - b);
  oneField.sort((a, b) => a - b);
  const median = timings[2];
  results['/login'] = { ...routeResult(loginBytes), formVisibleMs: timings, formSeenByLocatorMs: detected, layoutShift: [...shifts], oneFieldPageMs: oneField };
  budgets.push({
    name: 'initial JS for /login, as served',
    measured: `${kb(loginBytes.served)} KB ${loginBytes.encodings}`,
    budget: '≤ 110 KB',
    ok: loginBytes.served <= 110 * KB,
  });
  budgets.push({
    name: 'login form visible at 4× CPU throttle (its first paint, median of 5)',
    measured: `${median} ms (the locator saw it at ${detected[2]} ms; a page of one field painted at ${oneField[2]} ms on this machine)`,
    budget: '≤ 400 ms',
    ok: median <= 400,
  });
  shifts.sort((a, b) => a - b);
  budgets.push({
    name: 'login page layout shift as it goes live (sum of its shifts, median of 5)',
    measured: `${shifts[2]} (all: ${shifts.join(', ')})`,
    budget: '≤ 0.1',
    ok: shifts[2] <= 0.1,
  });

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
    results[route] = routeResult(bytes);
    budgets.push({ name: `JS for ${route}, as served`, measured: `${kb(bytes.served)} KB ${bytes.encodings}`, budget: '≤ 180 KB', ok: bytes.served <= 180 * KB });
    await context.close();
  }
  console.table(results);
  process.exitCode = report('web', results, budgets) ? 1 : 0;
} finally {
  await browser.close();
  oneFieldServer.close();
  await stopProcess(server);
}
