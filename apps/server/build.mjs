// Compiles the server for production: one ES module bundle per entry (server, migrate and
// key rotation) under dist/, dependencies left in node_modules (so instrumentation can hook
// them), the contract package bundled in; the SQL migrations are copied beside the code.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const dir = new URL('.', import.meta.url).pathname;
const { dependencies } = JSON.parse(readFileSync(`${dir}package.json`, 'utf8'));

rmSync(`${dir}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: dir,
  entryPoints: ['src/server.ts', 'src/migrate.ts', 'src/rotate-signing-key.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(dependencies),
  // Bundled CommonJS helpers call require(); give ES modules one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
cpSync(`${dir}src/db/migrations`, `${dir}dist/migrations`, { recursive: true });
