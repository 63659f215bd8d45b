import type { AuthDeps } from './context';
import { accountIdsOfUser } from './repository';
import { signSessionToken } from './session-token';

/** The issuer of our session tokens: the auth service's base URL. */
export const sessionIssuer = (publicOrigin: string) => `${publicOrigin}/a`;

/** Signs a session for a user as they are now: roles and `ac:{id}` scopes from the database. */
export const issueSessionToken = async (
  deps: Pick<AuthDeps, 'db' | 'clock' | 'config' | 'keys'>,
  user: { id: bigint; name: string; roles: string[] },
): Promise<string> =>
  signSessionToken(
    deps.keys,
    { userId: user.id, name: user.name, roles: user.roles, accountIds: await accountIdsOfUser(deps.db, user.id) },
    { issuer: sessionIssuer(deps.config.PUBLIC_ORIGIN), ttlMinutes: deps.config.SESSION_TTL_MINUTES, now: deps.clock.now() },
  );
