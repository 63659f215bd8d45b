// Shared by the benchmarks: start a server process, wait for it, stop it, print results.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** The key a production-mode server under benchmark seals its secrets with (SECRETS_KEY), one per bench database. */
export const BENCH_SECRETS_KEY = process.env.SECRETS_KEY ?? 'be'.repeat(32);

/** Starts a command in its own process group, so stopping it also stops what it started (npx → tsx → node). */
export const startProcess = (command, args, { env = {}, cwd = root } = {}) =>
  spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'], detached: true });

export const waitFor = async (url, timeoutMs = 120_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
};

export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    process.kill(-child.pid, 'SIGTERM');
  });

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Writes bench/results/<name>.json and prints a verdict line per budget. */
export const report = (name, results, budgets) => {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ at: new Date().toISOString(), results, budgets }, null, 2));
  let failed = 0;
  for (const b of budgets) {
    const ok = b.ok;
    if (!ok) failed += 1;
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${b.name}: ${b.measured} (budget ${b.budget})`);
  }
  return failed;
};
