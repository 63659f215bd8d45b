import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { PortalDb } from '../../db/client';
import { appSecrets } from '../../db/schema';

export const SIGNING_ALGORITHM = 'EdDSA';
const SECRET_NAME = 'jwt_signing_keys';

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface SigningKeys {
  /** The key new tokens are signed with. */
  current: { kid: string; privateKey: CryptoKey };
  /** What `/a/.well-known/jwks.json` publishes. */
  jwks: { keys: JWK[] };
}

const createKey = async (): Promise<StoredKey> => {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, privateJwk: { ...(await exportJWK(privateKey)), kid }, publicJwk: { ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' } };
};

/**
 * Loads the signing keys kept in the database (so every instance signs and publishes the same),
 * creating one on first start. Concurrent first starts settle on whichever insert won.
 */
export const loadSigningKeys = async (db: PortalDb): Promise<SigningKeys> => {
  const read = async () => (await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME)))[0];
  let row = await read();
  if (!row) {
    await db.insert(appSecrets).values({ name: SECRET_NAME, value: [await createKey()] }).onConflictDoNothing();
    row = await read();
  }
  const stored = row!.value as StoredKey[];
  const newest = stored[0]!;
  return {
    current: { kid: newest.kid, privateKey: (await importJWK(newest.privateJwk, SIGNING_ALGORITHM)) as CryptoKey },
    jwks: { keys: stored.map((k) => k.publicJwk) },
  };
};
