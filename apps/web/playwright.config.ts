import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/**
 * A port no one listens on, asked of the system once: the runner's choice goes into E2E_PORT, which
 * its workers and the web server inherit, so a portal already running (on 3000 or any port) is never hit.
 */
const freePort = (): string =>
  execFileSync(process.execPath, [
    '-e',
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); })",
  ]).toString();
process.env.E2E_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = { ...devices['Desktop Chrome'], channel: undefined };
/** The screen scans only look (axe, phone width, overflow): they change no data the journeys or other scans read. */
const SCREEN_SCANS = /(accessibility|phone-width|overflow)\.spec\.ts$/;

/**
 * Journeys in Debian's Chromium against the real server and demo data. The screen scans run first,
 * two at a time (on 2 cores: 4.6 min against 5.8 one at a time; four were no quicker), on the fresh demo data;
 * then the journeys, one at a time: they share one database, and several of them change it (payments,
 * cards, account details).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // A scan looks four times (two widths, two themes), each an axe run with the experimental rules and a full-page
    // screenshot: 21 s for the usage screen here, over 60 s on a CI machine about three times slower.
    { name: 'screens', testMatch: SCREEN_SCANS, fullyParallel: true, timeout: 150_000, use: chromium },
    { name: 'chromium', testIgnore: SCREEN_SCANS, dependencies: ['screens'], workers: 1, use: chromium },
  ],
  webServer: {
    command: 'node ../../scripts/e2e-server.mjs',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
