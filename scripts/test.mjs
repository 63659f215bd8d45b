#!/usr/bin/env node
// Every test of the repository, in the order a failure is cheapest to find: types and lint, unit and
// API tests on PGlite, again on PostgreSQL (when TEST_DATABASE_URL is set) those whose outcome can depend
// on the database (apps/server/vitest.config.ts), the web build, then the browser journeys. Ends with one "N passed, N failed" line summing every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { ensureNginx } from './nginx.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test by name, printed again beside the totals: CI keeps only the end of the output. */
const failures = [];
const firstLine = (text = '') => text.replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n')[0]?.slice(0, 300) ?? '';
const only = process.argv.slice(2);

const run = (title, command, args, { cwd = root, env = {} } = {}) => {
  process.stdout.write(`\n━━ ${title}\n`);
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  return result.status === 0;
};

const countVitest = (file) => {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && !failed.length) failures.push(`${where}: ${firstLine(file.message)}`);
  }
  return true;
};

const countPlaywright = (file) => {
  if (!existsSync(file)) return false;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.error?.message;
        failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    // The outermost suites are the spec files (named in each line already); the rest are describe blocks.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of suites) walk(suite, []);
  return true;
};

const vitest = (title, workspace, name, env = {}) => {
  const out = path.join(reports, `${name}.json`);
  const ok = run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.join(root, workspace),
    env,
  });
  if (!countVitest(out)) totals.failed += 1;
  return ok;
};

const steps = [
  ['typecheck', () => run('Type-check', 'npm', ['run', '--silent', 'typecheck'])],
  ['lint', () => run('Lint', 'npm', ['run', '--silent', 'lint'])],
  ['contract', () => vitest('Contract unit tests', 'packages/contract', 'contract')],
  ['server', () => vitest('Server unit and API tests on PGlite', 'apps/server', 'server-pglite', { TEST_DB: 'pglite' })],
  [
    'server-pg',
    () => {
      if (!process.env.TEST_DATABASE_URL) {
        process.stdout.write('\n━━ Server API tests on PostgreSQL: TEST_DATABASE_URL is not set, so only PGlite ran\n');
        return true;
      }
      // The rolling-restart test puts two instances behind Debian's nginx.
      ensureNginx();
      return vitest('Server database-dependent tests on PostgreSQL', 'apps/server', 'server-postgres', { TEST_DB: 'postgres' });
    },
  ],
  ['web', () => vitest('Web component and unit tests', 'apps/web', 'web')],
  ['build', () => run('Build the web app', 'npm', ['run', '--silent', 'build'])],
  [
    'e2e',
    () => {
      const chromium = ensureChromium();
      const out = path.join(reports, 'e2e.json');
      const ok = run('Browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
        cwd: path.join(root, 'apps/web'),
        env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
      });
      if (!countPlaywright(out)) totals.failed += 1;
      return ok;
    },
  ],
];

let failedSteps = [];
for (const [name, step] of steps) {
  if (only.length && !only.includes(name)) continue;
  if (!step()) failedSteps.push(name);
}
rmSync(reports, { recursive: true, force: true });

process.stdout.write('\n');
if (failures.length) process.stdout.write(`Failed tests:\n${failures.map((failure) => `  ${failure}\n`).join('')}`);
if (failedSteps.length) process.stdout.write(`Failed steps: ${failedSteps.join(', ')}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
