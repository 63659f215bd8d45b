import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client';

/** A fresh, migrated, empty database of the run's kind, for one test file. Close it in afterAll. */
export const createTestDatabase = async ({ poolSize = 5 }: { poolSize?: number } = {}): Promise<Database> => {
  const testDb = inject('testDb');
  if (testDb.kind === 'pglite') {
    const snapshot = await readFile(testDb.snapshotFile);
    return openDatabase({ loadDataDir: new Blob([snapshot]) });
  }
  const name = `${testDb.prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${testDb.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDb.serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  return {
    ...database,
    close: async () => {
      // pool.end() resolves before its connections have closed; dropping the database WITH (FORCE)
      // while one is still open kills it and surfaces as an uncaught 57P01 error in the test run.
      const drained = [database.pool!, database.exportPool!].map((pool) => {
        let open = pool.totalCount;
        return new Promise<void>((resolve) => {
          if (open === 0) resolve();
          pool.on('remove', () => {
            if (--open <= 0) resolve();
          });
        });
      });
      await database.close();
      await Promise.all(drained);
      const cleanup = new pg.Client({ connectionString: testDb.serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
};

/**
 * An empty PostgreSQL database (not even migrated), as a first deploy meets it; PostgreSQL runs
 * only. Returns its URL and the drop.
 */
export const createEmptyPostgresDatabase = async (): Promise<{ url: string; drop(): Promise<void> }> => {
  const testDb = inject('testDb');
  if (testDb.kind !== 'postgres') throw new Error('createEmptyPostgresDatabase needs the PostgreSQL test pass');
  const name = `${testDb.prefix}_empty_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: testDb.serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name} template template0`);
  const url = new URL(testDb.serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
};

/**
 * A database of the run's kind migrated only through the migration tagged `through` (e.g.
 * `0030_account_unapplied_credit`), as an installation of an older build has it. Close it with `drop`.
 */
export const createDatabaseMigratedThrough = async (through: string): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> => {
  const empty = inject('testDb').kind === 'postgres' ? await createEmptyPostgresDatabase() : null;
  const database = await openDatabase(empty ? { url: empty.url, poolSize: 2 } : {});
  const { entries } = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = entries.findIndex((entry) => entry.tag === through);
  if (last < 0) throw new Error(`no migration ${through}`);
  for (const { tag } of entries.slice(0, last + 1)) await applyMigration(database, tag);
  return {
    database,
    url: empty?.url,
    drop: async () => {
      await database.close();
      await empty?.drop();
    },
  };
};

/** Runs one migration file's statements, as drizzle's migrator does (without recording it). */
export const applyMigration = async (database: Database, tag: string): Promise<void> => {
  const statements = (await readFile(path.join(migrationsFolder, `${tag}.sql`), 'utf8')).split('--> statement-breakpoint');
  for (const statement of statements) if (statement.trim()) await database.db.execute(sql.raw(statement));
};
