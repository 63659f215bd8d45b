/**
 * `person.joined` for an invitation accepted: the invited person's first way of signing in (the invitation's
 * password, or single sign-on linked by their email) lets them into every account they were invited to.
 */
import { eq } from 'drizzle-orm';
import type { PortalDb } from '../db/client';
import { userAccounts, users } from '../db/schema';
import { recordTypedEvent } from './event-data';
import { actorOfCaller } from './events';

/** `db` is the transaction that gave the person their way of signing in. */
export const recordInvitationAccepted = async (db: PortalDb, userId: bigint, at: Date): Promise<void> => {
  const [user] = await db.select({ name: users.name, email: users.email, username: users.username, roles: users.roles }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const actor = actorOfCaller({ name: user.name, isStaff: user.roles.includes('Staff') || user.roles.includes('Admin') });
  const accounts = await db.select({ accountId: userAccounts.accountId }).from(userAccounts).where(eq(userAccounts.userId, userId));
  for (const { accountId } of accounts) {
    await recordTypedEvent(db, { type: 'person.joined', accountId, actor, data: { email: user.email ?? user.username, name: user.name, via: 'invitation' }, at });
  }
};
