import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { databaseDependentTests } from './test/database-dependent';

/**
 * The PostgreSQL pass (`TEST_DB=postgres`) runs only the files whose outcome can depend on the database
 * (`test/database-dependent.ts`); the rest ran once already in the PGlite pass. `*.pg.test.ts` need a
 * real PostgreSQL server (several pools or processes on one database), so they run in that pass only.
 */
const postgres = process.env.TEST_DB === 'postgres';

export default defineConfig({
  test: {
    include: postgres ? databaseDependentTests(fileURLToPath(new URL('.', import.meta.url))) : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(postgres ? [] : ['**/*.pg.test.ts'])],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite is single-threaded wasm: two workers on a two-core machine.
    maxWorkers: 2,
  },
});
