#!/usr/bin/env node
// The real server for the browser journeys: a fresh embedded database (migrated and seeded with the
// demo data), quick sandbox settlement, mail to the outbox the journeys read.
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(root, 'apps/web/test-results/e2e-data');

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });

// playwright.config.ts picks a free port into E2E_PORT when none is given.
const port = process.env.E2E_PORT ?? '3100';
const child = spawn('npx', ['tsx', 'src/server.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    // Journeys may move the server's clock ahead (apps/web/e2e/support/server-clock.mjs).
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(root, 'apps/web/e2e/support/server-clock.mjs')}`.trim(),
    E2E_CLOCK_FILE: path.join(E2E_DATA_DIR, 'clock-offset-ms'),
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: E2E_DATA_DIR,
    DATABASE_URL: '',
    SMTP_URL: '',
    PAYMENT_PROVIDER: 'sandbox',
    SANDBOX_SETTLE_MS: '500',
    JOBS_ENABLED: 'true',
    // The journeys never scrape; a listener on 9464 would collide with any portal running beside them.
    METRICS_PORT: '0',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Printed on the Canadian demo accounts' invoices (the French journey reads them in the PDF).
    TAX_GST_HST_NUMBER: process.env.TAX_GST_HST_NUMBER ?? '123456789 RT0001',
    TAX_QST_NUMBER: process.env.TAX_QST_NUMBER ?? '1234567890 TQ0001',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
