#!/usr/bin/env node
// Every test of the repository, in the order a failure is cheapest to find: types and lint (side by side), unit and
// API tests on PGlite, again on PostgreSQL (when TEST_DATABASE_URL is set) those whose outcome can depend
// on the database (apps/server/vitest.config.ts), the web build, then the browser journeys. Ends with one "N passed, N failed" line summing every runner.
import { spawn, spawnSync } from 'node:child_process';
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

/** npm's environment for a package script: the workspace's own binaries first (as `npm run` does). */
const binEnv = { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` };

/**
 * Commands that each keep one core busy, `slots` at a time, the first listed first: each one's output is
 * printed whole when it ends, under its title. Answers whether all passed.
 */
const runConcurrently = async (commands, slots = 2) => {
  const queue = [...commands];
  let ok = true;
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { title, command } = next;
      const child = spawn(command, { cwd: root, env: binEnv, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const status = await new Promise((resolve) => child.on('close', resolve));
      process.stdout.write(`\n━━ ${title}${status === 0 ? '' : ` (failed, exit ${status})`}\n${Buffer.concat(output)}`);
      ok &&= status === 0;
    }
  };
  await Promise.all(Array.from({ length: slots }, lane));
  return ok;
};

/**
 * Lint and each project `npm run typecheck` checks: one process each, single-threaded, so two at a time on two
 * cores, lint (the longest) first.
 */
const checks = (names) => {
  const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const commands = [
    ...(names.includes('lint') ? [{ title: 'Lint', command: rootPackage.scripts.lint }] : []),
    ...(names.includes('typecheck')
      ? rootPackage.scripts.typecheck.split('&&').map((command) => ({ title: `Type-check: ${command.trim()}`, command: command.trim() }))
      : []),
  ];
  return runConcurrently(commands);
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
  [['typecheck', 'lint'], (names) => checks(names)],
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
  // A step may stand for several names (run together); it gets those asked for.
  const names = [name].flat().filter((one) => !only.length || only.includes(one));
  if (!names.length) continue;
  if (!(await step(names))) failedSteps.push(names.join(', '));
}
rmSync(reports, { recursive: true, force: true });

process.stdout.write('\n');
if (failures.length) process.stdout.write(`Failed tests:\n${failures.map((failure) => `  ${failure}\n`).join('')}`);
if (failedSteps.length) process.stdout.write(`Failed steps: ${failedSteps.join(', ')}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
