import { AUTH_MESSAGES, FEW_LOGIN_ATTEMPTS_LEFT, type LoginResponse, type UserStatus } from '@portal/contract';

/** Who a typed username-or-email names (pure). */
export type LoginTarget<U> = { kind: 'user'; user: U } | { kind: 'none' } | { kind: 'ambiguous' };

/**
 * A username match wins (usernames are unique); otherwise an email that exactly one user has.
 * An email several users share names nobody: they sign in with their usernames.
 */
export const resolveLogin = <U extends { username: string; email: string | null }>(
  candidates: readonly U[],
  login: string,
): LoginTarget<U> => {
  const wanted = login.trim().toLowerCase();
  const byUsername = candidates.find((u) => u.username.toLowerCase() === wanted);
  if (byUsername) return { kind: 'user', user: byUsername };
  const byEmail = candidates.filter((u) => u.email?.toLowerCase() === wanted);
  if (byEmail.length === 1) return { kind: 'user', user: byEmail[0]! };
  return byEmail.length === 0 ? { kind: 'none' } : { kind: 'ambiguous' };
};

export type LoginOutcome = 'success' | 'invalid_credentials' | 'pending' | 'disabled' | 'accounts_closed';

/**
 * The verdict on a password login (pure). Status is revealed only to someone who knows the
 * password, so it cannot be probed; unknown user and wrong password read the same. A person whose every
 * account is closed and past its documents' retention has nothing left to sign in to
 * (docs/decisions/0016-closing-an-account.md).
 */
export const loginOutcome = (user: { status: UserStatus } | null, passwordMatches: boolean, accountsClosed = false): LoginOutcome => {
  if (!user || !passwordMatches) return 'invalid_credentials';
  if (user.status === 'pending') return 'pending';
  if (user.status === 'disabled') return 'disabled';
  if (accountsClosed) return 'accounts_closed';
  return 'success';
};

/** The text the login screen shows for an outcome (null on success). */
export const loginError = (outcome: LoginOutcome): string | null => {
  switch (outcome) {
    case 'success':
      return null;
    case 'invalid_credentials':
      return AUTH_MESSAGES.invalidCredentials;
    case 'pending':
      return AUTH_MESSAGES.awaitingApproval;
    case 'disabled':
      return AUTH_MESSAGES.accountDisabled;
    case 'accounts_closed':
      return AUTH_MESSAGES.accountClosed;
  }
};

/**
 * A refused password says how many attempts remain once they are few (pure): the person can stop and reset
 * instead of being paused. A success or a request for the second factor says nothing of it.
 */
export const withAttemptsLeft = (response: LoginResponse, attemptsLeft: number): LoginResponse =>
  response.successful || response.secondFactorRequired || attemptsLeft > FEW_LOGIN_ATTEMPTS_LEFT ? response : { ...response, attemptsLeft };
