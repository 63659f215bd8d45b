import { writeFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite'; snapshotFile: string } | { kind: 'postgres'; serverUrl: string; template: string; prefix: string };
  }
}

/** `TEST_DB=postgres` runs the suite on TEST_DATABASE_URL's server; otherwise on PGlite. */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * Migrates once per run: a PGlite snapshot every test file loads (≈0.3 s), or a PostgreSQL template
 * database every test file copies. Each file thus starts from a fresh, migrated, empty database.
 */
export default async function setup(project: TestProject) {
  if (testDbKind() === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (postgres://…)');
    const prefix = `portal_t${process.pid}_${Date.now().toString(36)}`;
    const template = `${prefix}_template`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await migrateDatabase(database);
    await database.close();
    project.provide('testDb', { kind: 'postgres', serverUrl, template, prefix });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  const snapshot = await database.pglite!.dumpDataDir('none');
  await database.close();
  const snapshotFile = path.join(dir, 'migrated.tar');
  await writeFile(snapshotFile, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('testDb', { kind: 'pglite', snapshotFile });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
