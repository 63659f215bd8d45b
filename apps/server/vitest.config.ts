import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { databaseDependentTests } from './test/database-dependent';

/**
 * The PostgreSQL pass (`TEST_DB=postgres`) runs only the files whose outcome can depend on the database
 * (`test/database-dependent.ts`); the rest ran once already in the PGlite pass. `*.pg.test.ts` need a
 * real PostgreSQL server (several pools or processes on one database), so they run in that pass only.
 */
const postgres = process.env.TEST_DB === 'postgres';
const include = postgres ? databaseDependentTests(fileURLToPath(new URL('.', import.meta.url))) : ['src/**/*.test.ts', 'test/**/*.test.ts'];
const exclude = [...configDefaults.exclude, ...(postgres ? [] : ['**/*.pg.test.ts'])];

/**
 * Files that need a module graph of their own: one mocks a module (`vi.mock`), the export tests fail
 * after other files ran in their worker. Every other file shares its worker's loaded modules, which
 * halves the pass (each file used to import the whole server again).
 */
const ISOLATED = ['src/modules/passwords/login-timing.test.ts', 'src/modules/usage/export-bounds.test.ts', 'src/modules/billing/stalled-downloads.test.ts'];
const isolatedHere = postgres ? ISOLATED.filter((file) => include.includes(file)) : ISOLATED;

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite is single-threaded wasm: two workers on a two-core machine.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: [...exclude, ...ISOLATED], isolate: false } },
      ...(isolatedHere.length ? [{ extends: true as const, test: { name: 'isolated', include: isolatedHere, exclude } }] : []),
    ],
  },
});
