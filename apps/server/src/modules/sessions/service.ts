import type { AuthDeps } from './context';
import { accountIdsOfUser } from './repository';
import { createSession, type SignInClient } from './sessions';
import { signSessionToken } from './session-token';

/**
 * Starts a session for a user as they are now — roles and `ac:{id}` scopes from the database — and
 * signs its token, which lives exactly as long as the session may.
 */
export const issueSessionToken = async (
  deps: Pick<AuthDeps, 'db' | 'clock' | 'config' | 'keyStore'>,
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
