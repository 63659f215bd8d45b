import type { SessionSummary } from '@portal/contract';

/** This device first, then the most recently used. */
export const orderSessions = (sessions: readonly SessionSummary[]): SessionSummary[] =>
  [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt));

/** How a session's device is named in the reader's language: "Chrome on macOS" / "Chrome sur macOS", else what is known. */
export const sessionDevice = (session: Pick<SessionSummary, 'browser' | 'os'>, t: (key: string, values?: Record<string, string>) => string): string =>
  session.browser && session.os ? t('sessions.deviceOn', { browser: session.browser, os: session.os }) : (session.browser ?? session.os ?? t('sessions.unknownDevice'));

export type LastSeen = { kind: 'now' } | { kind: 'ago'; value: number; unit: 'minute' | 'hour' | 'day' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Active now" under a minute, else the largest whole unit ago (for Intl.RelativeTimeFormat). */
export const lastSeen = (lastSeenAt: string, now: number): LastSeen => {
  const ago = now - Date.parse(lastSeenAt);
  if (ago < MINUTE) return { kind: 'now' };
  if (ago < HOUR) return { kind: 'ago', value: Math.floor(ago / MINUTE), unit: 'minute' };
  if (ago < DAY) return { kind: 'ago', value: Math.floor(ago / HOUR), unit: 'hour' };
  return { kind: 'ago', value: Math.floor(ago / DAY), unit: 'day' };
};

export type IdlePhase = { kind: 'active' | 'warning' | 'expired'; nextCheckInMs: number };

/**
 * Where a session stands `now`, given when it last reached the server: active, in the warning window before
 * the idle logout, or past it; and when to look again.
 */
export const idlePhase = (lastActivity: number, now: number, idleMs: number, warningMs: number): IdlePhase => {
  const idleFor = Math.max(now - lastActivity, 0);
  if (idleFor >= idleMs) return { kind: 'expired', nextCheckInMs: 0 };
  if (idleFor >= idleMs - warningMs) return { kind: 'warning', nextCheckInMs: idleMs - idleFor };
  return { kind: 'active', nextCheckInMs: idleMs - warningMs - idleFor };
};

/** An authenticator secret as people read and type it: groups of four (`JBSW`, `Y3DP`, …). */
export const secretGroups = (secret: string): string[] => secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];

export type PasskeyProblem = 'cancelled' | 'alreadyRegistered' | 'notHere' | 'failed';

/**
 * Why the browser's passkey dialog gave no passkey (pure): the person cancelled or let it time out, this
 * device already holds one of theirs, the browser refuses this site's address, or anything else.
 */
export const passkeyProblem = (error: unknown): PasskeyProblem => {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'alreadyRegistered';
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return 'notHere';
  return 'failed';
};
