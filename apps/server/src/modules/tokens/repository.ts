import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { authTokens } from '../../db/schema';

/** Single-use tokens (reset links, one-time logins), stored as their hashes. Functions take the db (or a transaction) first. */

export type TokenPurpose = (typeof authTokens.$inferInsert)['purpose'];

/** Spends every unused token of a purpose for a user (a newer one replaces them, or access changed). */
export const invalidateTokens = async (db: PortalDb, userId: bigint, purpose: TokenPurpose, at: Date): Promise<void> => {
  await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
};

export const insertToken = async (
  db: PortalDb,
  token: { userId: bigint; purpose: TokenPurpose; tokenHash: string; expiresAt: Date; createdByUserId: bigint | null; at: Date },
): Promise<void> => {
  await db.insert(authTokens).values({
    userId: token.userId,
    purpose: token.purpose,
    tokenHash: token.tokenHash,
    expiresAt: token.expiresAt,
    createdByUserId: token.createdByUserId,
    createdAt: token.at,
  });
};

/** One live token per user and purpose: the new one retires the older ones (a newer link wins). */
export const replaceToken = async (db: PortalDb, token: Parameters<typeof insertToken>[1]): Promise<void> => {
  await invalidateTokens(db, token.userId, token.purpose, token.at);
  await insertToken(db, token);
};

const usable = (tokenHash: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(authTokens.tokenHash, tokenHash),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );

/** The owner of a token that is still usable, without spending it. */
export const findUsableTokenOwner = async (
  db: PortalDb,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<bigint | null> =>
  (
    await db
      .select({ userId: authTokens.userId })
      .from(authTokens)
      .where(usable(tokenHash, purpose, now))
  )[0]?.userId ?? null;

/**
 * Spends a token and names its owner, in one statement: of two concurrent redeemers exactly one
 * gets the row, so a token works once. Null when unknown, expired or already used.
 */
export const consumeToken = async (db: PortalDb, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<bigint | null> =>
  (
    await db
      .update(authTokens)
      .set({ usedAt: now })
      .where(usable(tokenHash, purpose, now))
      .returning({ userId: authTokens.userId })
  )[0]?.userId ?? null;
