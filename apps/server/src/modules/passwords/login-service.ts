import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type LoginRequest, type LoginResponse } from '@portal/contract';
import type { Deps } from '../../http/deps';
import { hashPassword, verifyPassword } from '../../lib/password';
import {
  auditLogin,
  findUsersByLogin,
  loginError,
  loginFailed,
  loginOutcome,
  loginSucceeded,
  everyAccountPastRetention,
  resolveLogin,
  type LoginOutcome,
  type LoginTarget,
  type SignInClient,
  type UserRow,
} from '../sessions';
import { totpSecretsOf, totpState, useSecondFactor } from '../two-factor';

/**
 * A hash of a random password, verified against when there is no real hash to check (unknown user,
 * SSO-only user), so those answers take as long as a wrong password does.
 */
let dummyHash: Promise<string> | null = null;
const timingDummyHash = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

/** Who a typed username-or-email names (looked up for every attempt, known or not). */
export const resolveLoginTarget = async (deps: Pick<Deps, 'db'>, typed: string): Promise<LoginTarget<UserRow>> =>
  resolveLogin(await findUsersByLogin(deps.db, typed), typed);

/** `Authenticate`: username or email, and password, for the person `target` names. */
export const loginWithPassword = async (deps: Pick<Deps, 'db' | 'clock' | 'config' | 'keyStore'>, request: LoginRequest, client: SignInClient, target: LoginTarget<UserRow>): Promise<LoginResponse> => {
  const user = target.kind === 'user' ? target.user : null;
  const passwordHash = user?.passwordHash ?? null;
  const verified = await verifyPassword(passwordHash ?? (await timingDummyHash()), request.password);
  const matches = verified && passwordHash !== null;
  const outcome: LoginOutcome = loginOutcome(user, matches, matches && user !== null && (await everyAccountPastRetention(deps.db, user.id)));
  // The typed name is kept for failed attempts (credential-stuffing forensics), lower-cased and bounded.
  await auditLogin(deps, user, { method: 'password', outcome, ip: client.ip, username: request.username.toLowerCase().slice(0, 254) });
  if (outcome !== 'success') return loginFailed(loginError(outcome)!);
  // The password was right; with two-factor sign-in on, the code comes next (or with it).
  const totp = await totpState(deps.db, totpSecretsOf(deps.config.SECRETS_KEY), user!.id);
  if (totp.kind === 'on') {
    if (!request.otp) return { ...loginFailed(AUTH_MESSAGES.secondFactorRequired), secondFactorRequired: 'totp' };
    if (!(await useSecondFactor(deps.db, user!.id, totp.secret, request.otp, deps.clock.now()))) {
      await auditLogin(deps, user, { method: 'password+totp', outcome: 'wrong_second_factor', ip: client.ip });
      return { ...loginFailed(AUTH_MESSAGES.secondFactorWrong), secondFactorRequired: 'totp' };
    }
  }
  return loginSucceeded(deps, user!, client);
};
