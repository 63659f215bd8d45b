// Compiles the server for production: one ES module bundle per entry (server, migrate and
// key rotation) under dist/ (or the directory given as `--outdir <dir>`), the contract package
// bundled in; the SQL migrations are copied beside the code. Dependencies stay in node_modules
// (instrumentation hooks them), except the pure ES modules no instrumentation touches: loading
// their hundreds of files one by one cost every start about 100 ms (bench/README.md, start-up).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const dir = new URL('.', import.meta.url).pathname;
const { dependencies } = JSON.parse(readFileSync(`${dir}package.json`, 'utf8'));
const outdir = path.resolve(dir, parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } }).values.outdir);

// The contract is a workspace of TypeScript sources, which Node cannot load: it is always bundled.
const BUNDLED = new Set(['@portal/contract', 'zod', 'fastify-type-provider-zod', 'drizzle-orm', 'jose']);

/**
 * zod's `z` is a namespace that also holds `z.locales`, every language's error messages (297 KB):
 * Rollup drops them from the web app, esbuild keeps them. The server uses none (English is set
 * up apart from them), so they are left out: 0.3 MB of heap and 0.7 MB of RSS less (bench/README.md).
 */
const withoutZodLocales = {
  name: 'without-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(importer) ? { path: 'zod-locales', namespace: 'without-zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'without-zod-locales' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: dir,
  entryPoints: ['src/server.ts', 'src/migrate.ts', 'src/rotate-signing-key.ts'],
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // V8 keeps every module's source in memory; without comments and blanks it is a third as large,
  // and all ASCII, which V8 stores in one byte per character instead of two. Names stay, for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  external: Object.keys(dependencies).filter((name) => !BUNDLED.has(name)),
  // Bundled CommonJS helpers call require(); give ES modules one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [withoutZodLocales],
  logLevel: 'warning',
});
cpSync(`${dir}src/db/migrations`, path.join(outdir, 'migrations'), { recursive: true });
