import { and, asc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { USER_LIST_LIMIT, type UserStatus } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accounts, authTokens, rateLimits, ssoIdentities, userAccounts, users, userTotp } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import { listNameOf } from '../accounts';
import type { ThrottleCounter } from './throttle';

/** All SQL of the auth module. Functions take the db (or a transaction) first. */

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = (typeof authTokens.$inferInsert)['purpose'];

const sameText = (column: typeof users.username | typeof users.email, value: string) => sql`lower(${column}) = lower(${value})`;

/** Users whose username or email is `login`, case-insensitively (several can share an email). */
export const findUsersByLogin = (db: PortalDb, login: string): Promise<UserRow[]> =>
  db
    .select()
    .from(users)
    .where(or(sameText(users.username, login), sameText(users.email, login)))
    .orderBy(asc(users.id))
    .limit(20);

export const findUserById = async (db: PortalDb, id: bigint): Promise<UserRow | null> =>
  (await db.select().from(users).where(eq(users.id, id)))[0] ?? null;

/** The accounts a user may use (their `ac:{id}` scopes), in id order. */
export const accountIdsOfUser = async (db: PortalDb, userId: bigint): Promise<bigint[]> =>
  (
    await db
      .select({ accountId: userAccounts.accountId })
      .from(userAccounts)
      .where(eq(userAccounts.userId, userId))
      .orderBy(asc(userAccounts.accountId))
  ).map((r) => r.accountId);

/** The language of the first account a user may use (what their mail is written in); null without one. */
export const accountLanguageOfUser = async (db: PortalDb, userId: bigint): Promise<string | null> =>
  (
    await db
      .select({ language: accounts.language })
      .from(userAccounts)
      .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
      .where(eq(userAccounts.userId, userId))
      .orderBy(asc(userAccounts.accountId))
      .limit(1)
  )[0]?.language ?? null;

export const markLoggedIn = async (db: PortalDb, userId: bigint, at: Date): Promise<void> => {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
};

export const updatePasswordHash = async (db: PortalDb, userId: bigint, passwordHash: string, at: Date): Promise<void> => {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
};

// ── Single-use tokens (reset links, one-time logins) ───────────────────────────────────────

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

// ── User approval (Admin) ──────────────────────────────────────────────────────────────────

export interface UserWithAccounts extends UserRow {
  accounts: { accountId: bigint; listName: string }[];
  twoFactorEnabled: boolean;
}

const withAccounts = async (db: PortalDb, rows: UserRow[]): Promise<UserWithAccounts[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [links, twoFactor] = await Promise.all([
    db
      .select({ userId: userAccounts.userId, accountId: userAccounts.accountId, listName: listNameOf })
      .from(userAccounts)
      .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
      .where(inArray(userAccounts.userId, ids))
      .orderBy(asc(userAccounts.accountId)),
    db
      .select({ userId: userTotp.userId })
      .from(userTotp)
      .where(and(inArray(userTotp.userId, ids), isNotNull(userTotp.enabledAt))),
  ]);
  return rows.map((row) => ({
    ...row,
    accounts: links.filter((l) => l.userId === row.id).map(({ accountId, listName }) => ({ accountId, listName })),
    twoFactorEnabled: twoFactor.some((t) => t.userId === row.id),
  }));
};

/** Admin's user list: people awaiting approval first, then by name; at most USER_LIST_LIMIT. */
export const listUsers = async (db: PortalDb, filter: { status?: UserStatus; search?: string }): Promise<UserWithAccounts[]> => {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  return withAccounts(
    db,
    await db
      .select()
      .from(users)
      .where(
        and(
          filter.status ? eq(users.status, filter.status) : undefined,
          pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
        ),
      )
      .orderBy(sql`${users.status} = 'pending' desc`, sql`lower(${users.name})`, asc(users.id))
      .limit(USER_LIST_LIMIT),
  );
};

/** The `rate_limits` counters of these keys (those that exist). */
export const throttleCounters = async (db: PortalDb, keys: readonly string[]): Promise<ThrottleCounter[]> =>
  keys.length === 0
    ? []
    : db.select({ key: rateLimits.key, count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt }).from(rateLimits).where(inArray(rateLimits.key, [...keys]));

/** Deletes these `rate_limits` counters (in the caller's transaction). */
export const deleteThrottleCounters = async (db: PortalDb, keys: readonly string[]): Promise<void> => {
  if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
};

export const findUserWithAccounts = async (db: PortalDb, id: bigint): Promise<UserWithAccounts | null> => {
  const user = await findUserById(db, id);
  return user ? ((await withAccounts(db, [user]))[0] ?? null) : null;
};

export const existingAccountIds = async (db: PortalDb, ids: readonly bigint[]): Promise<bigint[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(inArray(accounts.id, [...ids]))
      ).map((r) => r.id);

/** Sets status and roles and replaces the user's accounts (run inside a transaction). */
export const replaceUserAccess = async (
  db: PortalDb,
  userId: bigint,
  access: { status: UserStatus; roles: string[]; accountIds: readonly bigint[] },
  at: Date,
): Promise<void> => {
  await db.update(users).set({ status: access.status, roles: access.roles, updatedAt: at }).where(eq(users.id, userId));
  await db.delete(userAccounts).where(eq(userAccounts.userId, userId));
  if (access.accountIds.length > 0) {
    await db.insert(userAccounts).values(access.accountIds.map((accountId) => ({ userId, accountId })));
  }
};

export const setUserStatus = async (db: PortalDb, userId: bigint, status: UserStatus, at: Date): Promise<void> => {
  await db.update(users).set({ status, updatedAt: at }).where(eq(users.id, userId));
};

// ── Single sign-on identities ──────────────────────────────────────────────────────────────

export const findUserBySsoIdentity = async (db: PortalDb, issuer: string, subject: string): Promise<UserRow | null> =>
  (
    await db
      .select({ user: users })
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
  )[0]?.user ?? null;

/** Links an identity to a user; a concurrent link of the same identity wins silently. */
export const linkSsoIdentity = async (
  db: PortalDb,
  identity: { userId: bigint; issuer: string; subject: string; email: string | null; at: Date },
): Promise<void> => {
  await db
    .insert(ssoIdentities)
    .values({
      userId: identity.userId,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      createdAt: identity.at,
    })
    .onConflictDoNothing();
};

/** A person we have not seen before, waiting for Admin's approval; null if the username is taken. */
export const insertPendingUser = async (
  db: PortalDb,
  user: { username: string; email: string; name: string; at: Date },
): Promise<UserRow | null> =>
  (
    await db
      .insert(users)
      .values({
        username: user.username,
        email: user.email,
        name: user.name,
        status: 'pending',
        passwordHash: null,
        createdAt: user.at,
        updatedAt: user.at,
      })
      .onConflictDoNothing()
      .returning()
  )[0] ?? null;
