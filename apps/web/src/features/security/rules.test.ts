import type { SessionSummary } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { idlePhase, lastSeen, orderSessions, passkeyProblem, secretGroups, sessionDevice } from './rules';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;

describe('lastSeen', () => {
  it.each([
    ['2026-11-25T12:00:00Z', { kind: 'now' }],
    ['2026-11-25T11:59:01Z', { kind: 'now' }],
    ['2026-11-25T11:59:00Z', { kind: 'ago', value: 1, unit: 'minute' }],
    ['2026-11-25T11:00:01Z', { kind: 'ago', value: 59, unit: 'minute' }],
    ['2026-11-25T10:00:00Z', { kind: 'ago', value: 2, unit: 'hour' }],
    ['2026-11-23T11:00:00Z', { kind: 'ago', value: 2, unit: 'day' }],
    // A server clock slightly ahead is still "now", not "in a few seconds".
    ['2026-11-25T12:00:05Z', { kind: 'now' }],
  ])('%s → %o', (at, expected) => {
    expect(lastSeen(at, NOW)).toEqual(expected);
  });
});

describe('idlePhase (30 min idle, 1 min warning)', () => {
  it.each([
    [0, 'active', 29 * MIN],
    [10 * MIN, 'active', 19 * MIN],
    [29 * MIN, 'warning', MIN],
    [29.5 * MIN, 'warning', 0.5 * MIN],
    [30 * MIN, 'expired', 0],
    [45 * MIN, 'expired', 0],
    // Activity stamped by another tab a moment "later" than this tab's clock.
    [-1000, 'active', 29 * MIN],
  ])('idle for %d ms → %s, next look in %d ms', (idleFor, kind, next) => {
    expect(idlePhase(NOW - idleFor, NOW, 30 * MIN, MIN)).toEqual({ kind, nextCheckInMs: next });
  });
});

describe('orderSessions', () => {
  const session = (id: string, lastSeenAt: string, current = false): SessionSummary => ({
    id,
    device: 'Chrome on Linux',
    browser: 'Chrome',
    os: 'Linux',
    place: '127.0.0.1',
    createdAt: '2026-11-25T08:00:00Z',
    lastSeenAt,
    current,
  });

  it('puts this device first, then the most recently used', () => {
    const ordered = orderSessions([
      session('old', '2026-11-25T09:00:00Z'),
      session('me', '2026-11-25T10:00:00Z', true),
      session('recent', '2026-11-25T11:00:00Z'),
    ]);
    expect(ordered.map((s) => s.id)).toEqual(['me', 'recent', 'old']);
  });
});

describe('passkeyProblem', () => {
  it.each([
    [Object.assign(new Error('x'), { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' }), 'cancelled'],
    [Object.assign(new Error('x'), { name: 'AbortError', code: 'ERROR_CEREMONY_ABORTED' }), 'cancelled'],
    [Object.assign(new Error('x'), { name: 'InvalidStateError', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }), 'alreadyRegistered'],
    [Object.assign(new Error('x'), { name: 'SecurityError', code: 'ERROR_INVALID_DOMAIN' }), 'notHere'],
    [Object.assign(new Error('x'), { name: 'ApiError' }), 'failed'],
    [new TypeError('network'), 'failed'],
    [undefined, 'failed'],
  ])('%o → %s', (error, expected) => {
    expect(passkeyProblem(error)).toBe(expected);
  });
});

describe('secretGroups', () => {
  it.each([
    ['JBSWY3DPEHPK3PXP', ['JBSW', 'Y3DP', 'EHPK', '3PXP']],
    ['JBSWY3DPEHPK3PXPA', ['JBSW', 'Y3DP', 'EHPK', '3PXP', 'A']],
    [' JBSW Y3DP ', ['JBSW', 'Y3DP']],
    ['', []],
  ])('%s → %j', (secret, groups) => {
    expect(secretGroups(secret)).toEqual(groups);
  });
});

describe('sessionDevice', () => {
  const t = (key: string, values?: Record<string, string>) => `${key} ${JSON.stringify(values ?? {})}`;
  it.each([
    [{ browser: 'Chrome', os: 'Linux' }, 'sessions.deviceOn {"browser":"Chrome","os":"Linux"}'],
    [{ browser: 'Chrome', os: null }, 'Chrome'],
    [{ browser: null, os: 'iOS' }, 'iOS'],
    [{ browser: null, os: null }, 'sessions.unknownDevice {}'],
  ])('%j → %s', (parts, name) => {
    expect(sessionDevice(parts, t)).toBe(name);
  });
});
