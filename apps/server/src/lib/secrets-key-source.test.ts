import { describe, expect, it } from 'vitest';
import { secretsKeySource, wrongSecretsKeyMessage, type SecretsKeySource } from './secrets-key-source';

const GENERATED = '/srv/portal/data/secrets.key';

describe('secretsKeySource', () => {
  it.each([
    [{ SECRETS_KEY: 'k' }, { SECRETS_KEY_FILE: '/run/secrets/key' }, { kind: 'SECRETS_KEY' }],
    [{}, { SECRETS_KEY_FILE: '/run/secrets/key' }, { kind: 'SECRETS_KEY_FILE', file: '/run/secrets/key' }],
    [{ SECRETS_KEY: '' }, {}, { kind: 'generated', file: GENERATED, databaseUrl: false }],
    [{}, { DATABASE_URL: 'postgres://db/portal' }, { kind: 'generated', file: GENERATED, databaseUrl: true }],
  ])('%j and %j → %j', (env, config, source) => {
    expect(secretsKeySource(env, config, GENERATED)).toEqual(source);
  });
});

describe('wrongSecretsKeyMessage', () => {
  const rotation = 'Rotating to a new key needs the old one: the secrets must be opened with it to be sealed with the new key.';
  it.each<[SecretsKeySource, string]>([
    [
      { kind: 'SECRETS_KEY' },
      "The database's secrets were sealed with another key than SECRETS_KEY. Check SECRETS_KEY: it must be the key this database was first started with (keep it with the database's backups).",
    ],
    [
      { kind: 'SECRETS_KEY_FILE', file: '/run/secrets/key' },
      "The database's secrets were sealed with another key than the one in SECRETS_KEY_FILE (/run/secrets/key). Check SECRETS_KEY_FILE: it must hold the key this database was first started with (keep it with the database's backups).",
    ],
    [
      { kind: 'generated', file: GENERATED, databaseUrl: true },
      `The database's secrets were sealed with another key than ${GENERATED}, which was generated anew (the data directory was new or deleted) while DATABASE_URL points at an existing database. Set SECRETS_KEY to the key this database was first started with, or put its file back at ${GENERATED}.`,
    ],
    [
      { kind: 'generated', file: GENERATED, databaseUrl: false },
      `The database's secrets were sealed with another key than ${GENERATED}, which was generated anew (the file was deleted) while the database in the data directory was kept. Put the key this database was first started with back at ${GENERATED}, or set SECRETS_KEY to it.`,
    ],
  ])('%j: says another key sealed them, which setting to check, and that rotating needs the old key', (source, first) => {
    expect(wrongSecretsKeyMessage(source)).toBe(`${first} ${rotation}`);
  });
});
