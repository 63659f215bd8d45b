/**
 * `npm run migrate-usage [-- --chunk N]`: moves an installation's call records into the table partitioned
 * by month (docs/decisions/0032-partitioned-call-records.md) while instances keep serving from the old
 * one, logging its progress; run again after a crash, it resumes. Nothing to do once it has finished.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseOptions, loadConfig } from './config';
import { openDatabase } from './db/client';
import { convertCdrs, DEFAULT_CHUNK } from './db/cdrs-conversion';

const main = async () => {
  const { values } = parseArgs({ options: { chunk: { type: 'string' } } });
  const chunkSize = values.chunk === undefined ? DEFAULT_CHUNK : Number(values.chunk);
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new Error('--chunk takes a whole number of records');
  const config = loadConfig();
  // Waiting for the old table's locks may take longer than a request may.
  const database = await openDatabase({ ...databaseOptions(config), dataDir: path.join(config.DATA_DIR, 'db'), poolSize: 2, replicaUrls: undefined, statementTimeoutMs: 3_600_000 });
  try {
    const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
    const copied = await convertCdrs(database.db, { chunkSize, log, now: new Date() });
    if (copied === 0) log('call records are partitioned: nothing to convert');
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`Converting call records failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
