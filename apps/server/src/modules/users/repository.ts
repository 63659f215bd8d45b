import { and, asc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { USER_LIST_LIMIT, type UserStatus } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { accounts, rateLimits, userAccounts, users, userTotp } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';
import { listNameOf } from '../accounts';
import { findUserById, type ThrottleCounter, type UserRow } from '../sessions';

/** Admin's user approval: users with their accounts, access changes and sign-in counters. Functions take the db (or a transaction) first. */

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

/**
 * The user's status and accounts, the row locked until the transaction ends: two Admins changing one user
 * take turns, so each change's events start from what the other left.
 */
export const lockUserAccess = async (db: PortalDb, userId: bigint): Promise<{ status: UserStatus; accountIds: bigint[] } | null> => {
  const [user] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) return null;
  const links = await db.select({ accountId: userAccounts.accountId }).from(userAccounts).where(eq(userAccounts.userId, userId));
  return { status: user.status as UserStatus, accountIds: links.map((l) => l.accountId) };
};

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
