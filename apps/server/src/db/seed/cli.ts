/**
 * npm run seed [-- --accounts N] [--database-url URL] [--data-dir DIR] [--now ISO-DATE]
 *
 * Opens the database (--database-url, else DATABASE_URL, else PGlite in --data-dir, default
 * ./data/db), migrates it, seeds the demo set if there are no users yet, and with --accounts N
 * adds N benchmark accounts. Prints progress and rates; exits non-zero on failure.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { migrateDatabase, openDatabase } from '../client';
import { seedIfEmpty } from './demo';
import type { LoadProgress } from './load';
import { seedScale } from './scale';

const USAGE = 'Usage: npm run seed -- [--accounts N] [--database-url postgres://…] [--data-dir DIR] [--now 2025-06-15T12:00:00Z]';

interface CliOptions {
  accounts: number | null;
  databaseUrl: string | undefined;
  dataDir: string;
  now: Date | undefined;
}

const parseOptions = (argv: string[]): CliOptions | null => {
  const { values } = parseArgs({
    args: argv,
    options: {
      accounts: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return null;
  const accounts = values.accounts === undefined ? null : Number(values.accounts);
  if (accounts !== null && (!Number.isSafeInteger(accounts) || accounts < 1))
    throw new Error(`--accounts must be a positive integer, got ${values.accounts}`);
  const now = values.now === undefined ? undefined : new Date(values.now);
  if (now && Number.isNaN(now.getTime())) throw new Error(`--now must be a date, got ${values.now}`);
  const config = loadConfig();
  return {
    accounts,
    databaseUrl: values['database-url'] ?? config.DATABASE_URL,
    dataDir: path.resolve(values['data-dir'] ?? path.join(config.DATA_DIR, 'db')),
    now,
  };
};

const number = new Intl.NumberFormat('en-US');
const withoutPassword = (url: string): string => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
};
const rate = (rows: number, seconds: number) => (seconds > 0 ? `${number.format(Math.round(rows / seconds))} rows/s` : '');

const printProgress = (p: LoadProgress) => {
  const label = p.done ? p.table : `${p.table} …`;
  const rows = p.rows > 0 ? `${number.format(p.rows)} rows` : '';
  console.log(
    `  ${label.padEnd(26)} ${rows.padStart(18)} ${`${p.seconds.toFixed(1)} s`.padStart(9)}  ${p.rows > 0 ? rate(p.rows, p.seconds) : ''}`,
  );
};

const main = async (): Promise<void> => {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return;
  }
  const started = performance.now();
  const database = await openDatabase(
    // A bulk load of millions of rows: no statement timeout (0), unlike the server's connections.
    options.databaseUrl ? { url: options.databaseUrl, poolSize: 2, statementTimeoutMs: 0 } : { dataDir: options.dataDir },
  );
  try {
    console.log(
      `Database: ${options.databaseUrl ? `PostgreSQL ${withoutPassword(options.databaseUrl)}` : `PGlite in ${options.dataDir}`}`,
    );
    await migrateDatabase(database);
    const demoStarted = performance.now();
    const seeded = await seedIfEmpty(database, { now: options.now });
    console.log(
      seeded
        ? `Demo data created in ${((performance.now() - demoStarted) / 1000).toFixed(1)} s`
        : 'Demo data: the database already has users, left as it is',
    );
    if (options.accounts !== null) {
      console.log(`Loading ${number.format(options.accounts)} benchmark accounts:`);
      const result = await seedScale(database, { accounts: options.accounts, now: options.now, onProgress: printProgress });
      const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
      console.log(
        `Loaded ${number.format(rows)} rows in ${result.seconds.toFixed(1)} s (${rate(rows, result.seconds)}), then ${result.analyzeSeconds.toFixed(1)} s of analyze`,
      );
    }
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exitCode = 1;
});
