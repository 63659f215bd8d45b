/**
 * `npm run migrate`: the deploy step that applies this build's migrations (and seeds the demo data
 * into an empty database) before instances that run with MIGRATE_ON_START=false are rolled.
 * Safe to run while other instances start or run: it takes the same advisory lock they do.
 */
import path from 'node:path';
import { databaseOptions, loadConfig } from './config';
import { openDatabase } from './db/client';
import { bundledMigrations, describePrepared, prepareDatabase } from './db/startup';

const main = async () => {
  const config = loadConfig();
  const database = await openDatabase({ ...databaseOptions(config), dataDir: path.join(config.DATA_DIR, 'db') });
  try {
    const done = describePrepared(await prepareDatabase(database, { migrate: true }));
    process.stdout.write(`Database at ${bundledMigrations().at(-1)?.tag ?? 'no migration'} (${done.length > 0 ? done.join(', ') : 'up to date'}).\n`);
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
