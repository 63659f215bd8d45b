/**
 * Where this instance's secrets key came from, and what start-up says when the database's secrets
 * were sealed with another: which setting to check, and that a new key needs the old one.
 */
export type SecretsKeySource =
  | { kind: 'SECRETS_KEY' }
  | { kind: 'SECRETS_KEY_FILE'; file: string }
  /** Development's own key file; `databaseUrl` when the database lives elsewhere than DATA_DIR. */
  | { kind: 'generated'; file: string; databaseUrl: boolean };

/** The source the configuration read the key from (the same order as `config.ts`). */
export const secretsKeySource = (
  env: { SECRETS_KEY?: string | undefined },
  config: { SECRETS_KEY_FILE?: string | undefined; DATABASE_URL?: string | undefined },
  generatedFile: string,
): SecretsKeySource => {
  if (env.SECRETS_KEY) return { kind: 'SECRETS_KEY' };
  if (config.SECRETS_KEY_FILE) return { kind: 'SECRETS_KEY_FILE', file: config.SECRETS_KEY_FILE };
  return { kind: 'generated', file: generatedFile, databaseUrl: Boolean(config.DATABASE_URL) };
};

const ROTATION = 'Rotating to a new key needs the old one: the secrets must be opened with it to be sealed with the new key.';

/** The start-up message for a database whose secrets this key cannot open (pure). */
export const wrongSecretsKeyMessage = (source: SecretsKeySource): string => {
  switch (source.kind) {
    case 'SECRETS_KEY':
      return `The database's secrets were sealed with another key than SECRETS_KEY. Check SECRETS_KEY: it must be the key this database was first started with (keep it with the database's backups). ${ROTATION}`;
    case 'SECRETS_KEY_FILE':
      return `The database's secrets were sealed with another key than the one in SECRETS_KEY_FILE (${source.file}). Check SECRETS_KEY_FILE: it must hold the key this database was first started with (keep it with the database's backups). ${ROTATION}`;
    case 'generated':
      return source.databaseUrl
        ? `The database's secrets were sealed with another key than ${source.file}, which was generated anew (the data directory was new or deleted) while DATABASE_URL points at an existing database. Set SECRETS_KEY to the key this database was first started with, or put its file back at ${source.file}. ${ROTATION}`
        : `The database's secrets were sealed with another key than ${source.file}, which was generated anew (the file was deleted) while the database in the data directory was kept. Put the key this database was first started with back at ${source.file}, or set SECRETS_KEY to it. ${ROTATION}`;
  }
};
