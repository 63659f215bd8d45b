import { and, eq } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { ssoIdentities, users } from '../../db/schema';
import type { UserRow } from '../sessions';

/** Single sign-on identities (issuer + subject) and the users they register. */

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

