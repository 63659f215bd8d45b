import { testConfig, type Config } from '../src/config';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import type { Clock } from '../src/lib/clock';
import type { PaymentProvider } from '../src/card-providers/provider';
import { createTestDatabase } from './database';

/** A clock tests can set and move. */
export interface TestClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export const createTestClock = (start: Date | string = new Date()): TestClock => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
};

export interface TestContext {
  app: App;
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

/** The real app on a fresh database of the run's kind (PGlite or PostgreSQL). */
export const buildTestApp = async (
  options: { config?: Partial<Config>; clock?: TestClock; database?: Database; paymentProvider?: PaymentProvider } = {},
): Promise<TestContext> => {
  const database = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? createTestClock();
  const app = await buildApp({ config: testConfig(options.config), database, clock, ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}) });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
};
