import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { accounts, ssoIdentities, userAccounts, users } from '../../db/schema';

/** The people of an account as invitations change them. Functions take the db (or a transaction) first. */

export interface InvitingAccount {
  id: bigint;
  name: string;
  language: string;
}

export const findAccountByExternalId = async (db: PortalDb, externalId: string): Promise<InvitingAccount | null> =>
  (await db.select({ id: accounts.id, name: accounts.name, language: accounts.language }).from(accounts).where(eq(accounts.externalId, externalId)))[0] ??
  null;

export const findAccountById = async (db: PortalDb, id: bigint): Promise<InvitingAccount | null> =>
  (await db.select({ id: accounts.id, name: accounts.name, language: accounts.language }).from(accounts).where(eq(accounts.id, id)))[0] ?? null;

/** A new person who signs in with their email: no password until they set one from the invitation's link. */
export const insertInvitedUser = async (db: PortalDb, person: { email: string; name: string; at: Date }): Promise<bigint | null> =>
  (
    await db
      .insert(users)
      .values({ username: person.email, email: person.email, name: person.name, status: 'active', createdAt: person.at, updatedAt: person.at })
      // Two invitations of one new email at once: the second finds the first one's user.
      .onConflictDoNothing()
      .returning({ id: users.id })
  )[0]?.id ?? null;

export const hasSsoIdentity = async (db: PortalDb, userId: bigint): Promise<boolean> =>
  (await db.select({ id: ssoIdentities.id }).from(ssoIdentities).where(eq(ssoIdentities.userId, userId)).limit(1)).length > 0;

/** Gives a user an account (their `ac:{id}` scope at their next sign-in); true when they did not have it. */
export const grantAccess = async (db: PortalDb, userId: bigint, accountId: bigint): Promise<boolean> =>
  (await db.insert(userAccounts).values({ userId, accountId }).onConflictDoNothing().returning({ userId: userAccounts.userId })).length > 0;

export const hasAccess = async (db: PortalDb, userId: bigint, accountId: bigint): Promise<boolean> =>
  (
    await db
      .select({ userId: userAccounts.userId })
      .from(userAccounts)
      .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)))
  ).length > 0;

/** Removes the access of the people of an account whose email (or username) is `email`; answers their ids. */
export const revokeAccessByEmail = async (db: PortalDb, accountId: bigint, email: string): Promise<bigint[]> => {
  const named = db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.username}) = ${email}`));
  const removed = await db
    .delete(userAccounts)
    .where(and(eq(userAccounts.accountId, accountId), inArray(userAccounts.userId, named)))
    .returning({ userId: userAccounts.userId });
  return removed.map((r) => r.userId);
};

export const accountCountOfUser = async (db: PortalDb, userId: bigint): Promise<number> =>
  Number((await db.select({ n: sql<string>`count(*)` }).from(userAccounts).where(eq(userAccounts.userId, userId)))[0]?.n ?? 0);
