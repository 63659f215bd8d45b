/**
 * What `npm run rotate-signing-key` does (src/rotate-signing-key.ts runs it): a new session-signing key
 * signs from now on. It refuses, changing nothing, a secrets key that is malformed or short (the
 * configuration's check) or that is not the one the stored keys are sealed with.
 */
import path from 'node:path';
import { databaseOptions, loadConfig, type Config } from './config';
import { openDatabase, type PortalDb } from './db/client';
import { createSecretBox, SealedWithAnotherKeyError } from './lib/secret-box';
import { rotateSigningKey, SIGNING_KEY_CONTEXT } from './lib/signing-keys';

export interface RotationOutcome {
  code: 0 | 1;
  /** What the command prints: on stdout when it succeeded, on stderr when not. */
  text: string;
}

type OpenDatabase = (config: Config) => Promise<{ db: PortalDb; close: () => Promise<void> }>;

const openConfigured: OpenDatabase = (config) => openDatabase({ ...databaseOptions(config), dataDir: path.join(config.DATA_DIR, 'db') });

/** The command, from its environment: what it prints and its exit code. */
export const rotateSigningKeyCommand = async (
  env: Record<string, string | undefined>,
  now: Date,
  open: OpenDatabase = openConfigured,
): Promise<RotationOutcome> => {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    return { code: 1, text: `Rotation refused, nothing changed: ${error instanceof Error ? error.message : String(error)}\n` };
  }
  const database = await open(config);
  try {
    const kid = await rotateSigningKey(database.db, createSecretBox(config.SECRETS_KEY, SIGNING_KEY_CONTEXT), now);
    return { code: 0, text: `New signing key ${kid}; the previous key stays published for ${config.SESSION_TTL_MINUTES} minutes.\n` };
  } catch (error) {
    if (!(error instanceof SealedWithAnotherKeyError)) throw error;
    const setting = env.SECRETS_KEY ? 'SECRETS_KEY' : env.SECRETS_KEY_FILE ? 'SECRETS_KEY_FILE' : `the generated key in ${config.DATA_DIR}`;
    return {
      code: 1,
      text: `Rotation refused, nothing changed: the signing keys are sealed with another secrets key than ${setting}. Run it with the secrets key the portal runs with.\n`,
    };
  } finally {
    await database.close();
  }
};
