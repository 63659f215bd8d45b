/**
 * `./data` deleted while DATABASE_URL points at the database it was used with: development generates a
 * new secrets key, which cannot open what the old one sealed; the start says so and what to set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { createUser } from '../test/factories';
import { databaseUrlOf, startInstance } from '../test/instances';
import type { Database } from './db/client';

let database: Database;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-new-data-'));
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('an instance whose generated key is new refuses the database sealed with the old one, naming DATABASE_URL and SECRETS_KEY', async () => {
  database = await createTestDatabase();
  await createUser(database.db); // a database with users is not seeded with the demo data
  const url = databaseUrlOf(database.pool!);
  const first = await startInstance({ DATABASE_URL: url, JOBS_ENABLED: 'false' });
  expect(await first.stop()).toBe(0);

  const keyFile = path.join(dataDir, 'secrets.key');
  await expect(
    startInstance({ DATABASE_URL: url, JOBS_ENABLED: 'false', NODE_ENV: undefined, SECRETS_KEY: undefined, DATA_DIR: dataDir }),
  ).rejects.toThrow(
    `Failed to start: The database's secrets were sealed with another key than ${keyFile}, which was generated anew (the data directory was new or deleted) while DATABASE_URL points at an existing database. Set SECRETS_KEY to the key this database was first started with, or put its file back at ${keyFile}. Rotating to a new key needs the old one: the secrets must be opened with it to be sealed with the new key.`,
  );
});
