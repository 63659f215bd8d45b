import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type LoginRequest, type LoginResponse } from '@portal/contract';
import { recordAudit } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AuthDeps } from './context';
import { loginError, loginOutcome, resolveLogin, type LoginOutcome, type LoginTarget } from './login-rules';
import { hashOpaqueToken, isWellFormedToken } from './opaque-token';
import { consumeToken, findUserById, findUsersByLogin, markLoggedIn, type UserRow } from './repository';
import { issueSessionToken } from './session';
import { totpState, useSecondFactor } from './two-factor';
import type { SignInClient } from './sessions';

/**
 * A hash of a random password, verified against when there is no real hash to check (unknown user,
 * SSO-only user), so those answers take as long as a wrong password does.
 */
let dummyHash: Promise<string> | null = null;
const timingDummyHash = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

const failed = (error: string): LoginResponse => ({ successful: false, token: null, error });

const succeed = async (deps: AuthDeps, user: UserRow, client: SignInClient): Promise<LoginResponse> => {
  await markLoggedIn(deps.db, user.id, deps.clock.now());
  return { successful: true, token: await issueSessionToken(deps, user, client), error: null };
};

/** Audit entry of a login attempt: outcome and method, never the password or a token. */
const auditLogin = (
  deps: AuthDeps,
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

/** Who a typed username-or-email names (looked up for every attempt, known or not). */
export const resolveLoginTarget = async (deps: AuthDeps, typed: string): Promise<LoginTarget<UserRow>> =>
  resolveLogin(await findUsersByLogin(deps.db, typed), typed);

/** `Authenticate`: username or email, and password, for the person `target` names. */
export const loginWithPassword = async (deps: AuthDeps, request: LoginRequest, client: SignInClient, target: LoginTarget<UserRow>): Promise<LoginResponse> => {
  const user = target.kind === 'user' ? target.user : null;
  const passwordHash = user?.passwordHash ?? null;
  const verified = await verifyPassword(passwordHash ?? (await timingDummyHash()), request.password);
  const outcome: LoginOutcome = loginOutcome(user, verified && passwordHash !== null);
  // The typed name is kept for failed attempts (credential-stuffing forensics), lower-cased and bounded.
  await auditLogin(deps, user, { method: 'password', outcome, ip: client.ip, username: request.username.toLowerCase().slice(0, 254) });
  if (outcome !== 'success') return failed(loginError(outcome)!);
  // The password was right; with two-factor sign-in on, the code comes next (or with it).
  const totp = await totpState(deps.db, deps.totpSecrets, user!.id);
  if (totp.kind === 'on') {
    if (!request.otp) return { ...failed(AUTH_MESSAGES.secondFactorRequired), secondFactorRequired: 'totp' };
    if (!(await useSecondFactor(deps.db, user!.id, totp.secret, request.otp, deps.clock.now()))) {
      await auditLogin(deps, user, { method: 'password+totp', outcome: 'wrong_second_factor', ip: client.ip });
      return { ...failed(AUTH_MESSAGES.secondFactorWrong), secondFactorRequired: 'totp' };
    }
  }
  return succeed(deps, user!, client);
};

/** `Authenticate/OneTimeLogin`: a single-use token Admin issued; active users only. */
export const loginWithOneTimeToken = async (deps: AuthDeps, token: string, client: SignInClient): Promise<LoginResponse> => {
  const now = deps.clock.now();
  const userId = isWellFormedToken(token) ? await consumeToken(deps.db, hashOpaqueToken(token), 'one_time_login', now) : null;
  const user = userId === null ? null : await findUserById(deps.db, userId);
  if (!user) {
    await auditLogin(deps, null, { method: 'one_time_login', outcome: 'invalid_token', ip: client.ip });
    return failed(AUTH_MESSAGES.loginLinkInvalid);
  }
  const outcome = loginOutcome(user, true);
  await auditLogin(deps, user, { method: 'one_time_login', outcome, ip: client.ip });
  if (outcome !== 'success') return failed(loginError(outcome)!);
  return succeed(deps, user, client);
};
