/**
 * `person.joined` and `person.removed`: an invitation accepted (the invited person's first way of signing in
 * lets them into every account they were invited to), and an Admin changing who reaches an account. A person
 * reaches an account while active with access to it, so approving, editing and disabling a user are told as
 * the accounts they gain (`via: 'added'`) and lose.
 */
import { eq } from 'drizzle-orm';
import type { EventActor } from '@portal/contract';
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

/** The accounts a user reaches (pure): their accounts while active, none otherwise. */
export const reachedAccountIds = (user: { status: string; accountIds: readonly bigint[] }): bigint[] => (user.status === 'active' ? [...user.accountIds] : []);

/** What a change of reached accounts tells (pure): the accounts gained and lost, in id order. */
export const accessChanges = (before: readonly bigint[], after: readonly bigint[]): { joined: bigint[]; removed: bigint[] } => {
  const byId = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    joined: [...new Set(after)].filter((id) => !before.includes(id)).sort(byId),
    removed: [...new Set(before)].filter((id) => !after.includes(id)).sort(byId),
  };
};

/** `db` is the transaction of the change; `before` and `after` are the accounts the user reached (reachedAccountIds). */
export const recordAccessChanged = async (
  db: PortalDb,
  input: { user: { email: string | null; username: string; name: string }; before: readonly bigint[]; after: readonly bigint[]; actor: EventActor; at: Date },
): Promise<void> => {
  const email = input.user.email ?? input.user.username;
  const { joined, removed } = accessChanges(input.before, input.after);
  for (const accountId of joined) {
    await recordTypedEvent(db, { type: 'person.joined', accountId, actor: input.actor, data: { email, name: input.user.name, via: 'added' }, at: input.at });
  }
  for (const accountId of removed) {
    await recordTypedEvent(db, { type: 'person.removed', accountId, actor: input.actor, data: { email }, at: input.at });
  }
};
