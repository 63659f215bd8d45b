import type { FastifyReply } from 'fastify';
import { tooManyRequests } from '../../errors';
import type { RateLimitRule, RateLimiter } from '../../lib/rate-limit';
import type { DocumentLanguage, Texts } from '../../lib/language';

const MINUTE = 60_000;

/**
 * Limits of the auth calls. Every attempt counts (before the password is checked), so parallel
 * guesses cannot slip past the limit; a successful login clears its username's counter. The
 * per-address limits are loose enough for an office behind one NAT address.
 */
export const THROTTLE_RULES = {
  /** Guesses at one person from browsers they have not signed in on; lockouts grow with repeated guessing. */
  loginPerUsername: { limit: 10, windowMs: 15 * MINUTE },
  loginPerUsernameHour: { limit: 20, windowMs: 60 * MINUTE },
  loginPerUsernameDay: { limit: 40, windowMs: 24 * 60 * MINUTE },
  /** Attempts from a browser holding the person's device cookie: counted on their own. */
  loginPerDevice: { limit: 10, windowMs: 15 * MINUTE },
  loginPerAddress: { limit: 100, windowMs: 15 * MINUTE },
  resetEmailPerUsername: { limit: 5, windowMs: 60 * MINUTE },
  resetEmailPerAddress: { limit: 20, windowMs: 60 * MINUTE },
  /** Redeeming reset and one-time-login tokens. */
  tokenPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  passwordChangePerUser: { limit: 5, windowMs: 15 * MINUTE },
  /** Confirming the password for a sensitive change: failures count like password changes. */
  confirmPasswordPerUser: { limit: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

const normalise = (username: string) => username.trim().toLowerCase();

/** Counter keys in `rate_limits`, one namespace per call and subject. */
export const throttleKeys = {
  /** One counter per person, whatever they type to sign in (username or email); per typed name for unknown names. */
  login: (target: { kind: string; user?: { id: bigint } }, typed: string) =>
    target.kind === 'user' && target.user ? `login:user:${target.user.id}` : `login:name:${normalise(typed)}`,
  loginAddress: (ip: string) => `login:ip:${ip}`,
  loginDevice: (nonce: string) => `login:device:${nonce}`,
  resetEmailUsername: (username: string) => `reset-email:user:${normalise(username)}`,
  resetEmailAddress: (ip: string) => `reset-email:ip:${ip}`,
  tokenAddress: (ip: string) => `token:ip:${ip}`,
  passwordChangeUser: (userId: bigint) => `password-change:user:${userId}`,
  confirmPasswordUser: (userId: bigint) => `confirm-password:user:${userId}`,
};

export type ThrottledAction = 'login' | 'resetEmail' | 'token' | 'passwordChange' | 'confirmPassword';

const WHAT: Texts<Record<ThrottledAction, string>> = {
  en: {
    login: 'Too many login attempts.',
    resetEmail: 'Too many password reset requests.',
    token: 'Too many attempts.',
    passwordChange: 'Too many password change attempts.',
    confirmPassword: 'Too many password confirmation attempts.',
  },
  fr: {
    login: 'Trop de tentatives de connexion.',
    resetEmail: 'Trop de demandes de réinitialisation du mot de passe.',
    token: 'Trop de tentatives.',
    passwordChange: 'Trop de tentatives de changement du mot de passe.',
    confirmPassword: 'Trop de tentatives de confirmation du mot de passe.',
  },
};

/** "Too many login attempts. Please wait 3 minutes and try again." (pure; whole minutes, rounded up). */
export const throttledMessage = (action: ThrottledAction, retryAfterMs: number, language: DocumentLanguage = 'en'): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  const what = WHAT[language][action];
  return language === 'fr'
    ? `${what} Veuillez patienter ${minutes} minute${minutes === 1 ? '' : 's'} et réessayer.`
    : `${what} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};

export interface ThrottleCheck {
  key: string;
  rule: RateLimitRule;
}

/**
 * The counters a sign-in attempt from an unknown browser hits: 15 minutes, an hour and a day, so
 * a guesser who waits out one lockout meets a longer one.
 */
export const untrustedLoginChecks = (target: { kind: string; user?: { id: bigint } }, typed: string): ThrottleCheck[] => {
  const key = throttleKeys.login(target, typed);
  return [
    { key, rule: THROTTLE_RULES.loginPerUsername },
    { key: `${key}:hour`, rule: THROTTLE_RULES.loginPerUsernameHour },
    { key: `${key}:day`, rule: THROTTLE_RULES.loginPerUsernameDay },
  ];
};

/**
 * Counts the attempt against every key; over any limit it answers 429 with Retry-After. Otherwise it answers
 * how many more attempts the tightest counter allows.
 */
export const enforceThrottle = async (
  limiter: RateLimiter,
  reply: FastifyReply,
  action: ThrottledAction,
  checks: readonly ThrottleCheck[],
  language: DocumentLanguage = 'en',
): Promise<number> => {
  let retryAfterMs = -1;
  let attemptsLeft = Number.POSITIVE_INFINITY;
  for (const { key, rule } of checks) {
    const decision = await limiter.hit(key, rule);
    if (!decision.allowed) retryAfterMs = Math.max(retryAfterMs, decision.retryAfterMs);
    attemptsLeft = Math.min(attemptsLeft, Math.max(0, rule.limit - decision.count));
  }
  if (retryAfterMs < 0) return attemptsLeft;
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  throw tooManyRequests(throttledMessage(action, retryAfterMs, language));
};

/** A counter as `rate_limits` keeps it. */
export interface ThrottleCounter {
  key: string;
  count: number;
  windowStartedAt: Date;
}

/**
 * Until when a person's sign-in is refused to browsers they have not used (the counters of
 * `untrustedLoginChecks` over their limit in a window not yet over), or null (pure).
 */
export const lockedOutUntil = (userId: bigint, counters: readonly ThrottleCounter[], now: Date): Date | null => {
  let until: number | null = null;
  for (const { key, rule } of untrustedLoginChecks({ kind: 'user', user: { id: userId } }, '')) {
    const counter = counters.find((c) => c.key === key);
    if (!counter || counter.count <= rule.limit) continue;
    const ends = counter.windowStartedAt.getTime() + rule.windowMs;
    if (ends > now.getTime()) until = Math.max(until ?? 0, ends);
  }
  return until === null ? null : new Date(until);
};

/** The counter keys whose lockout `lockedOutUntil` reads and lifting a lockout clears. */
export const signInLockoutKeys = (userId: bigint): string[] =>
  untrustedLoginChecks({ kind: 'user', user: { id: userId } }, '').map(({ key }) => key);
