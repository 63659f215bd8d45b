import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `*.pg.test.ts` need a real PostgreSQL server (several pools or processes on one database): they
 * run in the PostgreSQL pass (`TEST_DB=postgres`) only.
 */
const postgresOnly = process.env.TEST_DB === 'postgres' ? [] : ['**/*.pg.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...postgresOnly],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite is single-threaded wasm: two workers on a two-core machine.
    maxWorkers: 2,
  },
});
