/**
 * Start-up on one PostgreSQL as a provider deploys: three instances started at once on an empty
 * database all come up and the demo data is seeded once; `npm run migrate` as a deploy step and
 * MIGRATE_ON_START=false; an instance refuses a schema newer than its build.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createEmptyPostgresDatabase } from '../../test/database';
import { startInstance, type Instance } from '../../test/instances';
import { TEST_SECRETS_KEY } from '../config';
import { bundledMigrations } from './startup';

let cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

const emptyDatabase = async () => {
  const database = await createEmptyPostgresDatabase();
  cleanup.push(() => database.drop());
  return database.url;
};

const started = async (instance: Promise<Instance>) => {
  const running = await instance;
  cleanup.push(() => running.stop());
  return running;
};

const query = async <T extends object>(url: string, text: string, values: unknown[] = []): Promise<T[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
};

/** Runs `npm run migrate`'s script against the database; resolves with its exit code and output. */
const runMigrate = (url: string) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/migrate.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: url, SECRETS_KEY: TEST_SECRETS_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });

describe('start-up on PostgreSQL', () => {
  it('three instances started at once on an empty database all come up, and the demo data is seeded once', async () => {
    const url = await emptyDatabase();
    const instances = await Promise.all([0, 1, 2].map(() => started(startInstance({ DATABASE_URL: url, JOBS_ENABLED: 'false' }))));
    for (const instance of instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    expect(instances.filter((i) => i.output().includes('demo data created'))).toHaveLength(1);
    const [customers] = await query<{ n: number }>(url, `select count(*)::int as n from users where username = 'customer'`);
    expect(customers!.n).toBe(1);
    const [applied] = await query<{ n: number }>(url, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied!.n).toBe(bundledMigrations().length);
  });

  it('with MIGRATE_ON_START=false an instance waits for `npm run migrate`, then starts', async () => {
    const url = await emptyDatabase();
    await expect(startInstance({ DATABASE_URL: url, MIGRATE_ON_START: 'false' })).rejects.toThrow(/run `npm run migrate` first/);
    const migrated = await runMigrate(url);
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toContain(`(${bundledMigrations().length} migration(s) applied, demo data created)`);
    const again = await runMigrate(url);
    expect(again.code).toBe(0);
    expect(again.output).toContain('(up to date)');
    const instance = await started(startInstance({ DATABASE_URL: url, MIGRATE_ON_START: 'false', JOBS_ENABLED: 'false' }));
    expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
  });

  it('refuses to start against a schema newer than its build, with what to do', async () => {
    const url = await emptyDatabase();
    expect((await runMigrate(url)).code).toBe(0);
    const newest = Math.max(...bundledMigrations().map((m) => m.when));
    await query(url, 'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', ['from-a-newer-build', newest + 1000]);
    for (const migrateOnStart of ['true', 'false']) {
      await expect(startInstance({ DATABASE_URL: url, MIGRATE_ON_START: migrateOnStart })).rejects.toThrow(
        /database schema is newer than this build: it has 1 migration\(s\) this build does not know/,
      );
    }
    const migrate = await runMigrate(url);
    expect(migrate.code).toBe(1);
    expect(migrate.output).toMatch(/schema is newer than this build/);
  });
});
