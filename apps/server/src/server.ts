import path from 'node:path';
import { loadConfig } from './config';
import { buildApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed/demo';

/** Process entry: config, database (migrated, demo data on first start), listen, graceful close. */
const main = async () => {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'db') });
  await migrateDatabase(database);
  const seeded = await seedIfEmpty(database);
  const app = await buildApp({ config, database });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(config.DATA_DIR, 'db')}`;
  process.stdout.write(
    [
      '',
      `Billing portal running at ${url}`,
      `Database: ${where}${seeded ? ' (demo data created)' : ''}`,
      'Demo users (password Demo-Pass-2025!): customer, family, francais, staff, admin',
      '',
    ].join('\n'),
  );
};

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
