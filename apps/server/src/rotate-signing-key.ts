/**
 * `npm run rotate-signing-key`: a new session-signing key signs from now on; the previous one stays
 * published until every token it signed has expired. Instances pick the new key up within a minute.
 */
import path from 'node:path';
import { databaseOptions, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createSecretBox } from './lib/secret-box';
import { rotateSigningKey, SIGNING_KEY_CONTEXT } from './lib/signing-keys';

const main = async () => {
  const config = loadConfig();
  const database = await openDatabase({ ...databaseOptions(config), dataDir: path.join(config.DATA_DIR, 'db') });
  try {
    const kid = await rotateSigningKey(database.db, createSecretBox(config.SECRETS_KEY, SIGNING_KEY_CONTEXT), new Date());
    process.stdout.write(`New signing key ${kid}; the previous key stays published for ${config.SESSION_TTL_MINUTES} minutes.\n`);
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`Rotation failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
