// Puts a session token into a Chromium profile's localStorage, so Lighthouse (which reuses the
// profile with --disable-storage-reset) audits the signed-in page rather than the login redirect. The
// HTTP cache is emptied after: each page is audited as a first visit, with nothing of the app cached
// (the storage reset Lighthouse skips would have done that too).
import { chromium } from '@playwright/test';

const [origin, token, profileDir] = process.argv.slice(2);
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  // Pages are audited behind the deployment's TLS proxy, whose certificate is its local CA's (bench/tls-proxy.mjs).
  ignoreHTTPSErrors: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await context.newPage();
await page.goto(`${origin}/login`);
await page.evaluate((t) => window.localStorage.setItem('token', t), token);
const devtools = await context.newCDPSession(page);
await devtools.send('Network.clearBrowserCache');
await context.close();
