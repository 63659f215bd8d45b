/**
 * The keys session tokens are signed with. They live in `app_secrets` (so every instance signs and
 * publishes the same), private halves sealed with the secrets key. Rotation adds a new key that
 * signs from then on; a retired key stays published for as long as a token it signed may live.
 */
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK, type JWTVerifyGetKey } from 'jose';
import type { PortalDb } from '../db/client';
import { appSecrets } from '../db/schema';
import { isSealedSecret, type SealedSecret, type SecretBox } from './secret-box';

export const SIGNING_ALGORITHM = 'EdDSA';
const SECRET_NAME = 'jwt_signing_keys';
/** The secret box context of signing keys. */
export const SIGNING_KEY_CONTEXT = 'jwt-signing-key';

interface StoredKey {
  kid: string;
  /** Sealed private JWK (before keys were sealed: the plain JWK, sealed on the next start). */
  privateJwk: SealedSecret | JWK;
  publicJwk: JWK;
  createdAt?: string;
  /** When a newer key took over signing. */
  retiredAt?: string;
}

export interface SigningKeys {
  /** The key new tokens are signed with. */
  current: { kid: string; privateKey: CryptoKey };
  /** What `/a/.well-known/jwks.json` publishes: the current key and retired keys whose tokens may still live. */
  jwks: { keys: JWK[] };
}

const createKey = async (box: SecretBox, now: Date): Promise<StoredKey> => {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateJwk: box.seal(JSON.stringify({ ...(await exportJWK(privateKey)), kid })),
    publicJwk: { ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' },
    createdAt: now.toISOString(),
  };
};

const read = async (db: PortalDb): Promise<StoredKey[] | null> => {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  return row ? (row.value as StoredKey[]) : null;
};

const write = (db: PortalDb, keys: StoredKey[]) => db.update(appSecrets).set({ value: keys }).where(eq(appSecrets.name, SECRET_NAME));

/** Whether a key is still published: current, or retired less than a token's lifetime ago. */
export const isPublished = (key: { retiredAt?: string }, now: Date, tokenLifetimeMs: number): boolean =>
  key.retiredAt === undefined || new Date(key.retiredAt).getTime() + tokenLifetimeMs > now.getTime();

/**
 * Loads the keys, creating one on first start (concurrent first starts settle on whichever insert
 * won) and sealing any key stored before sealing existed.
 */
export const loadSigningKeys = async (db: PortalDb, box: SecretBox, options: { now: Date; tokenLifetimeMs: number }): Promise<SigningKeys> => {
  let stored = await read(db);
  if (!stored) {
    await db.insert(appSecrets).values({ name: SECRET_NAME, value: [await createKey(box, options.now)] }).onConflictDoNothing();
    stored = (await read(db))!;
  }
  if (stored.some((k) => !isSealedSecret(k.privateJwk))) {
    stored = stored.map((k) => (isSealedSecret(k.privateJwk) ? k : { ...k, privateJwk: box.seal(JSON.stringify(k.privateJwk)) }));
    await write(db, stored);
  }
  const newest = stored[0]!;
  const privateJwk = JSON.parse(box.open(newest.privateJwk as SealedSecret)) as JWK;
  return {
    current: { kid: newest.kid, privateKey: (await importJWK(privateJwk, SIGNING_ALGORITHM)) as CryptoKey },
    jwks: { keys: stored.filter((k) => isPublished(k, options.now, options.tokenLifetimeMs)).map((k) => k.publicJwk) },
  };
};

/**
 * Adds a new signing key in front and retires the one before it; answers the new key's kid. Throws
 * SealedWithAnotherKeyError, writing nothing, when `box` cannot open the key that signs now: a new key
 * sealed under a wrong secrets key would stop every instance from starting.
 */
export const rotateSigningKey = async (db: PortalDb, box: SecretBox, now: Date): Promise<string> =>
  db.transaction(async (tx) => {
    const [row] = await tx.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME)).for('update');
    const stored = (row?.value as StoredKey[] | undefined) ?? [];
    const signing = stored[0]?.privateJwk;
    if (signing && isSealedSecret(signing)) box.open(signing);
    const fresh = await createKey(box, now);
    const retired = stored.map((k) => (k.retiredAt ? k : { ...k, retiredAt: now.toISOString() }));
    if (row) await write(tx, [fresh, ...retired]);
    else await tx.insert(appSecrets).values({ name: SECRET_NAME, value: [fresh] });
    return fresh.kid;
  });

export interface SigningKeyStore {
  /** The keys as last loaded, reloaded after `refreshMs` (a rotation reaches every instance). */
  current(): Promise<SigningKeys>;
  /** Verification keys; a token naming a kid we do not know yet makes the store reload once. */
  verificationKey: JWTVerifyGetKey;
}

/** Unknown kids reload the keys at most this often (a flood of made-up kids costs one query). */
const MISS_RELOAD_MS = 5_000;

export const createSigningKeyStore = (load: () => Promise<SigningKeys>, { refreshMs, now }: { refreshMs: number; now: () => number }): SigningKeyStore => {
  let loaded: { keys: Promise<SigningKeys>; at: number } | null = null;
  let missReloadAt = -Infinity;
  const reload = () => {
    const keys = load();
    loaded = { keys, at: now() };
    keys.catch(() => (loaded = null));
    return keys;
  };
  const current = () => (loaded && now() - loaded.at < refreshMs ? loaded.keys : reload());
  return {
    current,
    verificationKey: async (header, token) => {
      const keys = await current();
      if (header.kid && !keys.jwks.keys.some((k) => k.kid === header.kid) && now() - missReloadAt >= MISS_RELOAD_MS) {
        missReloadAt = now();
        return createLocalJWKSet((await reload()).jwks)(header, token);
      }
      return createLocalJWKSet(keys.jwks)(header, token);
    },
  };
};
