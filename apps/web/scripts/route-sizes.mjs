#!/usr/bin/env node
/* eslint-disable no-console -- a command-line report: printing is its job. */
// Prints, for each lazy route module, the gzip size of the JS a browser needs to show it on a fresh load:
// the entry chunk, the layout chunk(s) above it and the route's chunk, with all their static imports.
// Usage: npm run build -w @portal/web && node apps/web/scripts/route-sizes.mjs [budgetKiB]
// Sizes are gzip (zlib default level) in KiB (1024 bytes); Vite's own report uses kB (1000 bytes).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
// index.html's entry (the prerendered pages' boot script, src/hydrate.ts, is an entry too).
const entryKey = 'index.html';

const closure = (keys, seen = new Set()) => {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};
const gz = (key) => gzipSync(readFileSync(join(dist, manifest[key].file))).length;
const size = (keys) => [...closure(keys)].reduce((sum, k) => sum + gz(k), 0);

const layouts = {
  auth: 'src/app/layouts/auth-layout.tsx',
  portal: 'src/app/layouts/portal-layout.tsx',
};
const layoutOf = (src) =>
  /features\/auth\/routes\/(login|login-callback|forgot-password|reset-password)\.tsx$/.test(src)
    ? layouts.auth
    : /features\/(auth\/routes\/logout\.tsx|legal\/|not-found\/)/.test(src)
      ? null
      : layouts.portal;

const budget = Number(process.argv[2] ?? 130) * 1024;
const rows = Object.keys(manifest)
  .filter((k) => /src\/features\/.+\/routes\/.+\.tsx$/.test(k))
  .map((k) => {
    const layout = layoutOf(k);
    const bytes = size([entryKey, ...(layout ? [layout] : []), k]);
    return { route: k.replace(/^src\/features\//, ''), kb: (bytes / 1024).toFixed(1), bytes };
  })
  .sort((a, b) => a.route.localeCompare(b.route));
console.table(rows.map(({ route, kb }) => ({ route, 'initial JS (KiB gzip)': kb })));
const login = rows.find((r) => r.route === 'auth/routes/login.tsx');
console.log(`entry chunk alone: ${(size([entryKey]) / 1024).toFixed(1)} KiB gzip`);
if (login) {
  console.log(`/login initial JS: ${login.kb} KiB gzip = ${login.bytes} bytes (budget ${budget / 1024} KiB)`);
  if (login.bytes > budget) process.exitCode = 1;
}
