/** Signing keys at rest and in rotation: sealed in the database, old tokens verify while they may live. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import { appSecrets } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { createTokenVerifier } from '../../plugins/authenticate';
import { createSigningKeyStore, loadSigningKeys, rotateSigningKey, SIGNING_ALGORITHM, SIGNING_KEY_CONTEXT } from '../../lib/signing-keys';
import { signSessionToken } from './session-token';

const HOUR = 3600_000;
const lifetime = 8 * HOUR;
const box = createSecretBox(randomBytes(32), SIGNING_KEY_CONTEXT);
const subject = { userId: 1n, sessionId: 'session-1', name: 'Pat', roles: [], accountIds: [], idleMinutes: 30 };
const t0 = new Date('2026-03-01T09:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const storedValue = async () => JSON.stringify((await database.db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt_signing_keys')))[0]?.value);

describe('signing keys', () => {
  it('are kept sealed: the database alone holds no private key, and another secrets key cannot open them', async () => {
    const keys = await loadSigningKeys(database.db, box, { now: t0, tokenLifetimeMs: lifetime });
    const stored = await storedValue();
    expect(stored).toContain(keys.current.kid);
    expect(stored).not.toMatch(/"d":/);
    const stranger = createSecretBox(randomBytes(32), SIGNING_KEY_CONTEXT);
    await expect(loadSigningKeys(database.db, stranger, { now: t0, tokenLifetimeMs: lifetime })).rejects.toThrow();
  });

  it('seals a key stored before sealing existed, and keeps its kid', async () => {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
    const legacy = { kid: 'legacy-kid', privateJwk: { ...(await exportJWK(privateKey)), kid: 'legacy-kid' }, publicJwk: { ...(await exportJWK(publicKey)), kid: 'legacy-kid' } };
    await database.db.update(appSecrets).set({ value: [legacy] }).where(eq(appSecrets.name, 'jwt_signing_keys'));
    const keys = await loadSigningKeys(database.db, box, { now: t0, tokenLifetimeMs: lifetime });
    expect(keys.current.kid).toBe('legacy-kid');
    expect(await storedValue()).not.toMatch(/"d":/);
  });

  it('rotate: new tokens use the new kid, tokens of the old key verify until they can no longer live, then the old key leaves the JWKS', async () => {
    const before = await loadSigningKeys(database.db, box, { now: t0, tokenLifetimeMs: lifetime });
    const oldToken = await signSessionToken(before, subject, { issuer: 'iss', ttlMinutes: 480, now: t0 });
    const newKid = await rotateSigningKey(database.db, box, at(HOUR));

    let clock = at(HOUR);
    const store = createSigningKeyStore(() => loadSigningKeys(database.db, box, { now: clock, tokenLifetimeMs: lifetime }), {
      refreshMs: 60_000,
      now: () => clock.getTime(),
    });
    const after = await store.current();
    expect(after.current.kid).toBe(newKid);
    expect(after.jwks.keys.map((k) => k.kid)).toEqual([newKid, before.current.kid]);
    const verify = createTokenVerifier(store.verificationKey, { issuer: 'iss', maxLifetimeSeconds: lifetime / 1000, now: () => clock });
    await expect(verify(oldToken)).resolves.toMatchObject({ name: 'Pat' });
    await expect(verify(await signSessionToken(after, subject, { issuer: 'iss', ttlMinutes: 480, now: clock }))).resolves.toMatchObject({ name: 'Pat' });

    clock = at(HOUR + lifetime + 1);
    const later = await loadSigningKeys(database.db, box, { now: clock, tokenLifetimeMs: lifetime });
    expect(later.jwks.keys.map((k) => k.kid)).toEqual([newKid]);
  });

  it('reach an instance that loaded before the rotation: an unknown kid reloads the keys', async () => {
    let clock = at(20 * HOUR);
    const store = createSigningKeyStore(() => loadSigningKeys(database.db, box, { now: clock, tokenLifetimeMs: lifetime }), {
      refreshMs: 10 * 60_000,
      now: () => clock.getTime(),
    });
    await store.current();
    await rotateSigningKey(database.db, box, clock);
    const signer = await loadSigningKeys(database.db, box, { now: clock, tokenLifetimeMs: lifetime });
    const token = await signSessionToken(signer, subject, { issuer: 'iss', ttlMinutes: 480, now: clock });
    clock = at(20 * HOUR + 1000);
    const verify = createTokenVerifier(store.verificationKey, { issuer: 'iss', maxLifetimeSeconds: lifetime / 1000, now: () => clock });
    await expect(verify(token)).resolves.toMatchObject({ name: 'Pat' });
  });
});
