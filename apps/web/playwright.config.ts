import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
/**
 * Each worker has a server and an embedded database of its own (freshly seeded with the demo data), so
 * journeys that change data run side by side without racing: journeys on one worker still run one at a time.
 * `E2E_SERVERS` (default 4) is how many; each takes about 300 MB with its Chromium. Journeys wait on the
 * network and timers often enough that two per core finish sooner than one (bench/README.md has the CI time).
 */
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 4));
process.env.E2E_PORT ??= freePort();
const ports = Array.from({ length: SERVERS }, (_, index) => {
  if (index === 0) return Number(process.env.E2E_PORT);
  // Chosen once by the runner; its workers read the config again and inherit the choice.
  return Number((process.env[`E2E_PORT_${index}`] ??= freePort()));
});
const dataDir = (index: number) => fileURLToPath(new URL(`./test-results/e2e-data-${index}`, import.meta.url));
/** In a worker, the server it talks to; the runner itself (parallel index unset) needs none. */
const own = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % SERVERS;
// The journeys' support code reads the outbox, the clock file and its cached tokens of this server.
process.env.E2E_DATA_DIR = dataDir(own);
export const baseURL = `http://127.0.0.1:${ports[own]}`;

const chromium = { ...devices['Desktop Chrome'], channel: undefined };
/** The screen scans only look (axe, phone width, widths): they change no data the journeys or other scans read. */
const SCREEN_SCANS = /screens\.spec\.ts$/;

/**
 * Journeys in Debian's Chromium against the real server and demo data, one worker per server. The screen
 * scans run first, on the fresh demo data; then the journeys.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: SERVERS,
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
    // A visit runs every check of its screen state: its axe scans (one per theme and layout) and the five widths.
    { name: 'screens', testMatch: SCREEN_SCANS, fullyParallel: true, timeout: 180_000, use: chromium },
    { name: 'chromium', testIgnore: SCREEN_SCANS, dependencies: ['screens'], use: chromium },
  ],
  webServer: ports.map((port, index) => ({
    command: 'node ../../scripts/e2e-server.mjs',
    env: { E2E_PORT: String(port), E2E_DATA_DIR: dataDir(index) },
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
