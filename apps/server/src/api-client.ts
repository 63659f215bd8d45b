/**
 * `npm run api-client -- create --name "Billing system" --scopes accounts:write,invoices:write`: creates an
 * API client in the database of `DATABASE_URL` (or the embedded one), for the first client of a new
 * installation, and prints one JSON line `{"clientId", "clientSecret"}`. The secret is not shown again.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CreateApiClientRequestSchema } from '@portal/contract';
import { databaseOptions, loadConfig } from './config';
import { openDatabase } from './db/client';
import { checkSchema } from './db/startup';
import { systemClock } from './lib/clock';
import { lockDataDir } from './lib/data-dir-lock';
import { createApiClient } from './modules/api-clients';

const USAGE = 'Usage: npm run api-client -- create --name <name> --scopes <scope,scope…>';

const main = async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { name: { type: 'string' }, scopes: { type: 'string' } } });
  if (positionals.length !== 1 || positionals[0] !== 'create') throw new Error(USAGE);
  const input = CreateApiClientRequestSchema.safeParse({ name: values.name ?? '', scopes: (values.scopes ?? '').split(',').filter(Boolean) });
  if (!input.success) throw new Error(`${input.error.issues.map((issue) => issue.message).join('; ')}\n${USAGE}`);
  const config = loadConfig();
  // A running portal holds the embedded database: a second process writing its files would corrupt it.
  if (!config.DATABASE_URL) lockDataDir(config.DATA_DIR);
  const database = await openDatabase({ ...databaseOptions(config), dataDir: path.join(config.DATA_DIR, 'db') });
  try {
    await checkSchema(database, { pendingAllowed: false });
    const { client, clientSecret } = await createApiClient({ db: database.db, clock: systemClock }, { userId: null, via: 'command line' }, input.data);
    process.stdout.write(`${JSON.stringify({ clientId: client.clientId, clientSecret })}\n`);
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
