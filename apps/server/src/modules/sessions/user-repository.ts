import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { accounts, userAccounts, users } from '../../db/schema';
import { withinRetention } from '../../lib/access';

/** The users table as every sign-in and security change reads it. Functions take the db (or a transaction) first. */

export type UserRow = typeof users.$inferSelect;

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

/**
 * The accounts a user may sign in to (their `ac:{id}` scopes), in id order: open ones and closed ones whose
 * documents are still kept (docs/decisions/0016-closing-an-account.md).
 */
export const accountIdsOfUser = async (db: PortalDb, userId: bigint): Promise<bigint[]> =>
  (
    await db
      .select({ accountId: userAccounts.accountId })
      .from(userAccounts)
      .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
      .where(and(eq(userAccounts.userId, userId), withinRetention(accounts.closedAt)))
      .orderBy(asc(userAccounts.accountId))
  ).map((r) => r.accountId);

/**
 * Whether every account the user had is closed and past its documents' retention: nothing is left to sign
 * in to (docs/decisions/0016-closing-an-account.md).
 */
export const everyAccountPastRetention = async (db: PortalDb, userId: bigint): Promise<boolean> => {
  const [row] = await db
    .select({ all: count(), open: count(sql`case when ${withinRetention(accounts.closedAt)} then 1 end`) })
    .from(userAccounts)
    .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
    .where(eq(userAccounts.userId, userId));
  return row !== undefined && row.all > 0 && row.open === 0;
};

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
