import { AUTH_MESSAGES, type LoginResponse, type SessionSummary } from '@portal/contract';
import type { Deps } from '../../http/deps';
import type { Caller } from '../../lib/caller';
import { recordAudit } from '../../lib/audit';
import { consumeToken, hashOpaqueToken, isWellFormedToken, signSessionToken } from '../tokens';
import { loginError, loginOutcome } from './login-rules';
import { presentSession } from './presenter';
import { createSession, liveSessions, type SignInClient } from './repository';
import { accountIdsOfUser, findUserById, markLoggedIn, everyAccountPastRetention, type UserRow } from './user-repository';

/**
 * Starts a session for a user as they are now — roles and `ac:{id}` scopes from the database — and
 * signs its token, which lives exactly as long as the session may.
 */
export const issueSessionToken = async (
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'keyStore'>,
  user: { id: bigint; name: string; roles: string[] },
  client: SignInClient,
): Promise<string> => {
  const now = deps.clock.now();
  const ttlMinutes = deps.config.SESSION_TTL_MINUTES;
  const session = await createSession(deps.db, { userId: user.id, client, now, expiresAt: new Date(now.getTime() + ttlMinutes * 60_000) });
  return signSessionToken(
    await deps.keyStore.current(),
    {
      userId: user.id,
      sessionId: session.id,
      name: user.name,
      roles: user.roles,
      accountIds: await accountIdsOfUser(deps.db, user.id),
      idleMinutes: deps.config.SESSION_IDLE_MINUTES,
    },
    { issuer: deps.config.AUTH_ISSUER, ttlMinutes, now },
  );
};

/** A refused sign-in, with the text the login screen shows. */
export const loginFailed = (error: string): LoginResponse => ({ successful: false, token: null, error });

/** A sign-in that went through: the user's last login and a new session's token. */
export const loginSucceeded = async (deps: Pick<Deps, 'db' | 'clock' | 'config' | 'keyStore'>, user: UserRow, client: SignInClient): Promise<LoginResponse> => {
  await markLoggedIn(deps.db, user.id, deps.clock.now());
  return { successful: true, token: await issueSessionToken(deps, user, client), error: null };
};

/** Audit entry of a login attempt: outcome and method, never the password or a token. */
export const auditLogin = (
  deps: Pick<Deps, 'db'>,
  user: UserRow | null,
  details: { method: string; outcome: string; ip: string; username?: string },
) =>
  recordAudit(deps.db, {
    actorUserId: user?.id ?? null,
    accountId: null,
    action: 'auth.login',
    entity: 'user',
    entityId: user?.id ?? null,
    details,
  });

/** `Authenticate/OneTimeLogin`: a single-use token Admin issued; active users only. */
export const loginWithOneTimeToken = async (deps: Pick<Deps, 'db' | 'clock' | 'config' | 'keyStore'>, token: string, client: SignInClient): Promise<LoginResponse> => {
  const now = deps.clock.now();
  const userId = isWellFormedToken(token) ? await consumeToken(deps.db, hashOpaqueToken(token), 'one_time_login', now) : null;
  const user = userId === null ? null : await findUserById(deps.db, userId);
  if (!user) {
    await auditLogin(deps, null, { method: 'one_time_login', outcome: 'invalid_token', ip: client.ip });
    return loginFailed(AUTH_MESSAGES.loginLinkInvalid);
  }
  const outcome = loginOutcome(user, true, await everyAccountPastRetention(deps.db, user.id));
  await auditLogin(deps, user, { method: 'one_time_login', outcome, ip: client.ip });
  if (outcome !== 'success') return loginFailed(loginError(outcome)!);
  return loginSucceeded(deps, user, client);
};

/** `Sessions`: the caller's live sessions, most recently used first. */
export const listSessions = async ({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>, caller: Caller): Promise<SessionSummary[]> =>
  (await liveSessions(db, caller.userId, clock.now(), config.SESSION_IDLE_MINUTES * 60_000)).map((row) => presentSession(row, caller.sessionId));
