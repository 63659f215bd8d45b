import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, migrationsFolder, type Database } from './client';
import { hasUsers } from './seed/has-users';

/** Any constant all instances agree on: the advisory lock migrations and the first seed run under. */
const STARTUP_LOCK_KEY = 0x706f7274616c; // "portal"

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this build carries (drizzle records each applied one by its journal `when`). */
export const bundledMigrations = (): JournalEntry[] =>
  (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;

export class SchemaMismatchError extends Error {
  override readonly name = 'SchemaMismatchError';
}

/** What drizzle recorded as applied: nothing when the database is empty. */
const appliedMigrations = async (database: Database): Promise<number[]> => {
  const { rows: present } = await database.db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present[0]?.present) return [];
  const { rows } = await database.db.execute<{ created_at: string | number | bigint }>(sql`select created_at from drizzle.__drizzle_migrations`);
  return rows.map((r) => Number(r.created_at));
};

/**
 * Refuses a database migrated by a newer build (its tables may mean things this code does not
 * know), and, when this instance does not migrate, one that still lacks this build's migrations.
 */
export const checkSchema = async (database: Database, { pendingAllowed }: { pendingAllowed: boolean }): Promise<JournalEntry[]> => {
  const known = bundledMigrations();
  const knownWhen = new Set(known.map((m) => m.when));
  const applied = await appliedMigrations(database);
  const unknown = applied.filter((when) => !knownWhen.has(when));
  if (unknown.length > 0) {
    throw new SchemaMismatchError(
      `The database schema is newer than this build: it has ${unknown.length} migration(s) this build does not know ` +
        `(this build ends at ${known.at(-1)?.tag ?? 'none'}). Deploy the newer build, or restore a backup taken before the upgrade.`,
    );
  }
  const appliedSet = new Set(applied);
  const pending = known.filter((m) => !appliedSet.has(m.when));
  if (pending.length > 0 && !pendingAllowed) {
    throw new SchemaMismatchError(
      `The database lacks ${pending.length} migration(s) of this build (${pending.map((m) => m.tag).join(', ')}): ` +
        'run `npm run migrate` first (MIGRATE_ON_START is false).',
    );
  }
  return pending;
};

/**
 * Runs `work` while holding the start-up advisory lock, so instances started together migrate and
 * seed one after another: the first does the work, the others find it done. The lock is held on a
 * connection of its own without a statement timeout (waiting for another instance's migration
 * may take longer than a request may). PGlite is one process: nothing to lock.
 */
export const withStartupLock = async <T>(database: Database, work: () => Promise<T>): Promise<T> => {
  if (database.kind !== 'postgres' || !database.pool) return work();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: (database.pool.options as { connectionString: string }).connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock even if unlocking fails.
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
};

/**
 * What start-up (MIGRATE_ON_START) and `npm run migrate` do: under the lock, refuse a newer
 * schema, apply this build's migrations and seed the demo data into an empty database. With
 * `migrate` false it only checks that the schema is exactly this build's. Says how many
 * migrations it applied.
 */
export const prepareDatabase = async (
  database: Database,
  { migrate }: { migrate: boolean },
): Promise<{ seeded: boolean; migrationsApplied: number }> => {
  if (!migrate) {
    await checkSchema(database, { pendingAllowed: false });
    return { seeded: false, migrationsApplied: 0 };
  }
  return withStartupLock(database, async () => {
    const pending = await checkSchema(database, { pendingAllowed: true });
    // Every start but the first after a deploy finds nothing pending: drizzle's migrator would still
    // open a transaction and read every migration file (140–230 ms of a start on PGlite).
    if (pending.length > 0) await migrateDatabase(database);
    // The demo data's code (and pg-copy-streams) loads on the first start only.
    const seeded = (await hasUsers(database)) ? false : await (await import('./seed/demo')).seedIfEmpty(database);
    return { seeded, migrationsApplied: pending.length };
  });
};

/** What `prepareDatabase` did, for start-up's banner and `npm run migrate`'s line: nothing on most starts. */
export const describePrepared = ({ seeded, migrationsApplied }: { seeded: boolean; migrationsApplied: number }): string[] => [
  ...(migrationsApplied > 0 ? [`${migrationsApplied} migration(s) applied`] : []),
  ...(seeded ? ['demo data created'] : []),
];
