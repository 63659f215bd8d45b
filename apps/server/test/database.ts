import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

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
