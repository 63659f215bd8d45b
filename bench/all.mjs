#!/usr/bin/env node
// `npm run bench`: builds once, runs every benchmark that checks a budget, one after another (never two
// at once on this 2-core machine), and ends with one PASS/FAIL line per budget. A benchmark that cannot
// run (no database, no Chromium) counts as a FAIL, never as a pass. Exits non-zero when anything failed.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npm run bench [-- startup api …]
//
// Names after `--` run only those benchmarks (in the order below).
import { spawn, spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const BENCHES = [
  { name: 'startup', args: ['bench/startup.mjs'] },
  { name: 'web', args: ['bench/web.mjs'] },
  { name: 'lighthouse', args: ['bench/lighthouse.mjs'] },
  { name: 'slow-readers', args: ['bench/slow-readers.mjs'] },
  { name: 'api', args: ['bench/api.mjs'], database: true },
  { name: 'api-compressed', args: ['bench/api.mjs', '--compressed'], database: true },
  { name: 'api-new-account', args: ['bench/api.mjs', '--new-account-each-request'], database: true },
  { name: 'documents', args: ['bench/documents.mjs'], database: true },
  { name: 'search', args: ['bench/search.mjs'], database: true },
  { name: 'usage', args: ['bench/usage.mjs'], database: true },
  { name: 'ingest', args: ['bench/ingest.mjs'], database: true },
  { name: 'reset-timing', args: ['bench/reset-timing.mjs'], database: true },
  { name: 'ingest-invoices', args: ['bench/ingest-invoices.mjs'], database: true },
  { name: 'events', args: ['bench/events.mjs'], database: true },
  { name: 'soak', args: ['bench/soak.mjs'], database: true },
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !BENCHES.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.map((bench) => bench.name).join(', ')}`);
  process.exit(2);
}
const selected = only.length > 0 ? BENCHES.filter((bench) => only.includes(bench.name)) : BENCHES;

const run = (args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const verdicts = [];
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      verdicts.push(...lines.filter((line) => /^(PASS|FAIL) /.test(line)));
    });
    child.on('close', (code) => resolve({ code, verdicts }));
  });

const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) {
  console.log('FAIL  build: npm run build failed');
  process.exit(1);
}

const summary = [];
for (const bench of selected) {
  if (bench.database && !process.env.BENCH_DATABASE_URL) {
    summary.push(`FAIL  ${bench.name}: not run (set BENCH_DATABASE_URL to the scale database)`);
    continue;
  }
  console.log(`\n━━ bench ${bench.name}`);
  const { code, verdicts } = await run(bench.args);
  summary.push(...verdicts.map((line) => line.replace(/^(PASS|FAIL) +/, `$1  ${bench.name}: `)));
  if (code !== 0 && !verdicts.some((line) => line.startsWith('FAIL'))) summary.push(`FAIL  ${bench.name}: exited with ${code} before judging its budgets`);
}
console.log('\n━━ every budget');
for (const line of summary) console.log(line);
process.exitCode = summary.some((line) => line.startsWith('FAIL')) ? 1 : 0;
