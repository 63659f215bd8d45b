/** `npm run rotate-signing-key` refuses a malformed, short or wrong secrets key and changes nothing. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { TEST_SECRETS_KEY } from './config';
import type { Database } from './db/client';
import { appSecrets } from './db/schema';
import { parseSecretsKey, createSecretBox } from './lib/secret-box';
import { loadSigningKeys, SIGNING_KEY_CONTEXT } from './lib/signing-keys';
import { rotateSigningKeyCommand } from './rotate-signing-key-command';

const now = new Date('2026-03-01T09:00:00Z');
let database: Database;
const stored = async () => JSON.stringify((await database.db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt_signing_keys')))[0]?.value);
const run = (secretsKey: string) =>
  rotateSigningKeyCommand({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SECRETS_KEY: secretsKey }, now, async () => ({ db: database.db, close: async () => {} }));

beforeAll(async () => {
  database = await createTestDatabase();
  await loadSigningKeys(database.db, createSecretBox(parseSecretsKey(TEST_SECRETS_KEY)!, SIGNING_KEY_CONTEXT), { now, tokenLifetimeMs: 3600_000 });
});
afterAll(() => database.close());

describe('rotate-signing-key', () => {
  it.each([
    ['not a key', 'abc'],
    ['31 bytes in hex', '7e'.repeat(31)],
    ['64 characters that are not hex', 'zz'.repeat(32)],
  ])('refuses %s with the rule a key follows, and exits non-zero', async (_, key) => {
    const before = await stored();
    expect(await run(key)).toEqual({
      code: 1,
      text: 'Rotation refused, nothing changed: Invalid configuration: SECRETS_KEY must hold 32 bytes as 64 hex digits or 43 base64url characters\n',
    });
    expect(await stored()).toBe(before);
  });

  it('refuses a well-formed key that is not the one the signing keys are sealed with', async () => {
    const before = await stored();
    expect(await run('5a'.repeat(32))).toEqual({
      code: 1,
      text: 'Rotation refused, nothing changed: the signing keys are sealed with another secrets key than SECRETS_KEY. Run it with the secrets key the portal runs with.\n',
    });
    expect(await stored()).toBe(before);
  });

  it('rotates under the right key: a new key signs, the previous one is retired', async () => {
    const outcome = await run(TEST_SECRETS_KEY);
    expect(outcome.code).toBe(0);
    const kid = /^New signing key (\S+); the previous key stays published for \d+ minutes\.\n$/.exec(outcome.text)?.[1];
    const keys = JSON.parse(await stored()) as { kid: string; retiredAt?: string }[];
    expect(keys.map((k) => [k.kid === kid, k.retiredAt === undefined])).toEqual([
      [true, true],
      [false, false],
    ]);
  });
});
