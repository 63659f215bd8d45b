import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { createUser } from '../../../test/factories';
import type { Database } from '../../db/client';
import { expiresAfter, generateOpaqueToken, hashOpaqueToken, isWellFormedToken } from './opaque-token';
import { consumeToken, findUsableTokenOwner, insertToken, invalidateTokens } from './repository';

const now = new Date('2025-06-01T10:00:00Z');
const HOUR = 3_600_000;

describe('opaque tokens (pure)', () => {
  it('are 256 random bits, URL-safe, never repeated', () => {
    const tokens = Array.from({ length: 200 }, generateOpaqueToken);
    expect(new Set(tokens).size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(isWellFormedToken(token)).toBe(true);
    }
  });

  it('are stored as their SHA-256 (hex)', () => {
    const token = generateOpaqueToken();
    expect(hashOpaqueToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashOpaqueToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOpaqueToken(token)).not.toBe(hashOpaqueToken(generateOpaqueToken()));
  });

  it.each(['', 'short', `${'a'.repeat(42)}=`, 'a'.repeat(44), `${'a'.repeat(42)}/`])(
    'rejects the malformed token %j',
    (token) => {
      expect(isWellFormedToken(token)).toBe(false);
    },
  );

  it('expire a TTL after issue', () => {
    expect(expiresAfter(now, HOUR).toISOString()).toBe('2025-06-01T11:00:00.000Z');
  });
});

describe('reset tokens in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const issue = async (userId: bigint) => {
    const token = generateOpaqueToken();
    await insertToken(database.db, {
      userId,
      purpose: 'reset',
      tokenHash: hashOpaqueToken(token),
      expiresAt: expiresAfter(now, HOUR),
      createdByUserId: null,
      at: now,
    });
    return hashOpaqueToken(token);
  };

  it('are spent once: the second redeemer gets nothing', async () => {
    const user = await createUser(database.db);
    const hash = await issue(user.id);
    expect(await findUsableTokenOwner(database.db, hash, 'reset', now)).toBe(user.id);
    const results = await Promise.all([
      consumeToken(database.db, hash, 'reset', now),
      consumeToken(database.db, hash, 'reset', now),
    ]);
    expect(results.filter((r) => r === user.id)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(await findUsableTokenOwner(database.db, hash, 'reset', now)).toBeNull();
  });

  it('expire exactly at their expiry time', async () => {
    const user = await createUser(database.db);
    const hash = await issue(user.id);
    const expiry = new Date(now.getTime() + HOUR);
    expect(await consumeToken(database.db, hash, 'reset', expiry)).toBeNull();
    expect(await consumeToken(database.db, hash, 'reset', new Date(expiry.getTime() - 1))).toBe(user.id);
  });

  it('serve only their own purpose', async () => {
    const user = await createUser(database.db);
    const hash = await issue(user.id);
    expect(await consumeToken(database.db, hash, 'one_time_login', now)).toBeNull();
    expect(await consumeToken(database.db, hash, 'reset', now)).toBe(user.id);
  });

  it('are retired together by invalidateTokens', async () => {
    const user = await createUser(database.db);
    const [a, b] = [await issue(user.id), await issue(user.id)];
    await invalidateTokens(database.db, user.id, 'reset', now);
    expect(await consumeToken(database.db, a, 'reset', now)).toBeNull();
    expect(await consumeToken(database.db, b, 'reset', now)).toBeNull();
  });
});
