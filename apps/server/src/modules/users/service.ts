import { AUTH_MESSAGES, ONE_TIME_LOGIN_TTL_MS, type OneTimeLoginLink, type Role, type UserStatus, type UserSummary } from '@portal/contract';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { actorOfCaller } from '../../lib/events';
import { reachedAccountIds, recordAccessChanged } from '../../lib/person-events';
import type { Caller } from '../../lib/caller';
import type { Deps } from '../../http/deps';
import { expiresAfter, generateOpaqueToken, hashOpaqueToken, replaceToken, invalidateTokens } from '../tokens';
import { toUserSummary } from './presenter';
import { existingAccountIds, findUserWithAccounts, listUsers, lockUserAccess, replaceUserAccess, setUserStatus, deleteThrottleCounters, throttleCounters, type UserWithAccounts } from './repository';
import { queueResetEmail } from '../passwords';
import { endUserSessions, lockedOutUntil, signInLockoutKeys } from '../sessions';

/** Admin's user approval (docs/decisions/0003-contract-rules.md, docs/decisions/0006-where-the-spec-is-wrong.md). Every change is audited with the acting admin. */

const USER = 'The user';

const loadUser = async (deps: Pick<Deps, 'db'>, id: bigint): Promise<UserWithAccounts> => {
  const user = await findUserWithAccounts(deps.db, id);
  if (!user) throw notFound(USER);
  return user;
};

/** Account ids in the request that name no account (pure). */
export const missingAccountIds = (requested: readonly bigint[], existing: readonly bigint[]): bigint[] =>
  requested.filter((id) => !existing.includes(id));

/** The users as Admin sees them, each with the lockout its sign-in counters are in now. */
const summaries = async (deps: Pick<Deps, 'db' | 'clock'>, list: readonly UserWithAccounts[]): Promise<UserSummary[]> => {
  const counters = await throttleCounters(deps.db, list.flatMap((user) => signInLockoutKeys(user.id)));
  const now = deps.clock.now();
  return list.map((user) => toUserSummary(user, lockedOutUntil(user.id, counters, now)));
};

const summaryOf = async (deps: Pick<Deps, 'db' | 'clock'>, id: bigint): Promise<UserSummary> => (await summaries(deps, [await loadUser(deps, id)]))[0]!;

export const listUsersForAdmin = async (deps: Pick<Deps, 'db' | 'clock'>, filter: { status?: UserStatus; search?: string }): Promise<UserSummary[]> =>
  summaries(deps, await listUsers(deps.db, filter));

/**
 * Activates a user with exactly these accounts and roles (also re-enables a disabled user); the accounts they
 * come to reach or stop reaching are told as person.joined and person.removed (lib/person-events.ts).
 */
export const approveUser = async (
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Caller,
  id: bigint,
  request: { accountIds: bigint[]; roles: Role[] },
): Promise<UserSummary> => {
  if (id === actor.userId && !request.roles.includes('Admin')) throw conflict('You cannot remove your own Admin role.');
  const before = await loadUser(deps, id);
  const accountIds = [...new Set(request.accountIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const roles = [...new Set(request.roles)];
  const missing = missingAccountIds(accountIds, await existingAccountIds(deps.db, accountIds));
  if (missing.length > 0) throw badRequest(`No account has the id ${missing.join(', ')}.`);
  const now = deps.clock.now();
  const previousAccountIds = before.accounts.map((a) => a.accountId);
  const sameAccess =
    before.roles.length === roles.length && roles.every((r) => before.roles.includes(r)) && previousAccountIds.join() === accountIds.join();
  await deps.db.transaction(async (tx) => {
    const reached = reachedAccountIds((await lockUserAccess(tx, id)) ?? { status: before.status, accountIds: previousAccountIds });
    await replaceUserAccess(tx, id, { status: 'active', roles, accountIds }, now);
    await recordAccessChanged(tx, { user: before, before: reached, after: accountIds, actor: actorOfCaller(actor), at: now });
    // Roles and scopes live in the tokens: new access takes effect by signing in again, on every instance at once.
    if (!sameAccess) await endUserSessions(tx, { userId: id, reason: 'access_changed', now });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      accountId: null,
      action: 'user.approve',
      entity: 'user',
      entityId: id,
      details: {
        previousStatus: before.status,
        previousRoles: before.roles,
        previousAccountIds,
        roles,
        accountIds,
      },
    });
  });
  return summaryOf(deps, id);
};

/** Stops a user from signing in and spends their outstanding reset and one-time-login tokens. */
export const disableUser = async (deps: Pick<Deps, 'db' | 'clock'>, actor: Caller, id: bigint): Promise<UserSummary> => {
  if (id === actor.userId) throw conflict('You cannot disable your own account.');
  const before = await loadUser(deps, id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const reached = reachedAccountIds((await lockUserAccess(tx, id)) ?? { status: before.status, accountIds: before.accounts.map((a) => a.accountId) });
    await setUserStatus(tx, id, 'disabled', now);
    // A disabled person reaches none of their accounts; their access stays for when they are approved again.
    await recordAccessChanged(tx, { user: before, before: reached, after: [], actor: actorOfCaller(actor), at: now });
    await endUserSessions(tx, { userId: id, reason: 'user_disabled', now });
    await invalidateTokens(tx, id, 'reset', now);
    await invalidateTokens(tx, id, 'one_time_login', now);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      accountId: null,
      action: 'user.disable',
      entity: 'user',
      entityId: id,
      details: { previousStatus: before.status },
    });
  });
  return summaryOf(deps, id);
};

/** A single-use, short-lived login token for an active user (Admin hands it over out of band). */
export const issueOneTimeLogin = async (deps: Pick<Deps, 'db' | 'clock'>, actor: Caller, id: bigint): Promise<OneTimeLoginLink> => {
  const user = await loadUser(deps, id);
  if (user.status !== 'active') throw conflict('Only active users can get a one-time login.');
  const token = generateOpaqueToken();
  const now = deps.clock.now();
  const expiresAt = expiresAfter(now, ONE_TIME_LOGIN_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await replaceToken(tx, {
      userId: id,
      purpose: 'one_time_login',
      tokenHash: hashOpaqueToken(token),
      expiresAt,
      createdByUserId: actor.userId,
      at: now,
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      accountId: null,
      action: 'user.one_time_login_issued',
      entity: 'user',
      entityId: id,
      details: { expiresAt: expiresAt.toISOString() },
    });
  });
  return { token, expiresAt: expiresAt.toISOString() };
};

/**
 * Ends a person's sign-in lockout (the wrong passwords from browsers they have not used), and with
 * `sendResetLink` emails them a password reset link as `Password/ResetEmail` would. Audited.
 */
export const liftUserLockout = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'outbox'>,
  actor: Caller,
  id: bigint,
  request: { sendResetLink: boolean },
  ip: string,
): Promise<UserSummary> => {
  const user = await loadUser(deps, id);
  if (request.sendResetLink && (user.status !== 'active' || !user.email)) throw conflict(AUTH_MESSAGES.noResetLinkForUser);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await deleteThrottleCounters(tx, signInLockoutKeys(id));
    if (request.sendResetLink) await queueResetEmail(deps, tx, { login: user.username, ip }, now);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      accountId: null,
      action: 'user.lockout_lifted',
      entity: 'user',
      entityId: id,
      details: { sendResetLink: request.sendResetLink },
    });
  });
  if (request.sendResetLink) deps.outbox.nudge(now);
  return summaryOf(deps, id);
};
