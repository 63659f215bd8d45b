import { describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import type { RateLimitDecision, RateLimitRule, RateLimiter } from '../../lib/rate-limit';
import { THROTTLE_RULES, enforceThrottle, lockedOutUntil, signInLockoutKeys, throttleKeys, throttledMessage } from './throttle';

describe('throttledMessage', () => {
  it.each([
    ['login', 1, 'Too many login attempts. Please wait 1 minute and try again.'],
    ['login', 60_000, 'Too many login attempts. Please wait 1 minute and try again.'],
    ['login', 60_001, 'Too many login attempts. Please wait 2 minutes and try again.'],
    ['login', 15 * 60_000, 'Too many login attempts. Please wait 15 minutes and try again.'],
    ['resetEmail', 0, 'Too many password reset requests. Please wait 1 minute and try again.'],
    ['token', 90_000, 'Too many attempts. Please wait 2 minutes and try again.'],
    ['passwordChange', 300_000, 'Too many password change attempts. Please wait 5 minutes and try again.'],
  ] as const)('%s after %d ms', (action, ms, text) => {
    expect(throttledMessage(action, ms)).toBe(text);
  });

  it.each([
    ['login', 60_000, 'en', 'Too many login attempts. Please wait 1 minute and try again.'],
    ['login', 60_000, 'fr', 'Trop de tentatives de connexion. Veuillez patienter 1 minute et réessayer.'],
    ['login', 15 * 60_000, 'fr', 'Trop de tentatives de connexion. Veuillez patienter 15 minutes et réessayer.'],
    ['token', 90_000, 'fr', 'Trop de tentatives. Veuillez patienter 2 minutes et réessayer.'],
  ] as const)('%s after %d ms in %s', (action, ms, language, text) => {
    expect(throttledMessage(action, ms, language)).toBe(text);
  });
});

describe('throttle keys', () => {
  it('count a known person once, whatever they typed, and unknown names by their normalised text', () => {
    const pat = { kind: 'user', user: { id: 7n } };
    expect(throttleKeys.login(pat, 'pat.lee')).toBe(throttleKeys.login(pat, 'Pat.Lee@example.com'));
    expect(throttleKeys.login({ kind: 'none' }, '  Pat.Lee ')).toBe(throttleKeys.login({ kind: 'none' }, 'pat.lee'));
    expect(throttleKeys.login({ kind: 'none' }, 'pat')).not.toBe(throttleKeys.resetEmailUsername('pat'));
    expect(throttleKeys.resetEmailUsername('  Pat.Lee ')).toBe(throttleKeys.resetEmailUsername('pat.lee'));
  });
});

describe('enforceThrottle', () => {
  const limiterAnswering = (answers: Record<string, RateLimitDecision>) => {
    const hits: string[] = [];
    const limiter: RateLimiter = {
      hit: async (key: string, _rule: RateLimitRule) => {
        hits.push(key);
        return answers[key] ?? { allowed: true, count: 1, retryAfterMs: 0 };
      },
      reset: async () => undefined,
      prune: async () => 0,
    };
    return { limiter, hits };
  };
  const fakeReply = () => {
    const headers: Record<string, string> = {};
    return { reply: { header: (k: string, v: string) => (headers[k] = v) } as unknown as FastifyReply, headers };
  };
  const checks = [
    { key: 'a', rule: THROTTLE_RULES.loginPerUsername },
    { key: 'b', rule: THROTTLE_RULES.loginPerAddress },
  ];

  it('counts every key and lets the call through when all are within limits', async () => {
    const { limiter, hits } = limiterAnswering({});
    const { reply, headers } = fakeReply();
    await enforceThrottle(limiter, reply, 'login', checks);
    expect(hits).toEqual(['a', 'b']);
    expect(headers).toEqual({});
  });

  it('answers 429 with the longest wait when any key is over its limit', async () => {
    const { limiter, hits } = limiterAnswering({
      a: { allowed: false, count: 11, retryAfterMs: 120_000 },
      b: { allowed: false, count: 101, retryAfterMs: 400_500 },
    });
    const { reply, headers } = fakeReply();
    await expect(enforceThrottle(limiter, reply, 'login', checks)).rejects.toMatchObject({
      statusCode: 429,
      message: 'Too many login attempts. Please wait 7 minutes and try again.',
    });
    expect(hits).toEqual(['a', 'b']);
    expect(headers).toEqual({ 'retry-after': '401' });
  });
});

describe('lockedOutUntil', () => {
  const NOW = new Date('2026-05-05T08:10:00Z');
  const started = new Date('2026-05-05T08:00:00Z');
  const [minutes, hour, day] = signInLockoutKeys(7n);
  it.each([
    ['no counters', [], null],
    ['under the limit', [{ key: minutes!, count: 10, windowStartedAt: started }], null],
    ['over the 15-minute limit', [{ key: minutes!, count: 11, windowStartedAt: started }], '2026-05-05T08:15:00.000Z'],
    ['over it in a window already over', [{ key: minutes!, count: 11, windowStartedAt: new Date('2026-05-05T07:50:00Z') }], null],
    [
      'over the hour and the 15 minutes: the later end',
      [
        { key: minutes!, count: 11, windowStartedAt: started },
        { key: hour!, count: 21, windowStartedAt: started },
      ],
      '2026-05-05T09:00:00.000Z',
    ],
    ['over the day', [{ key: day!, count: 41, windowStartedAt: started }], '2026-05-06T08:00:00.000Z'],
    ['another person’s counter', [{ key: signInLockoutKeys(8n)[0]!, count: 50, windowStartedAt: started }], null],
  ] as const)('%s', (_name, counters, until) => {
    expect(lockedOutUntil(7n, counters, NOW)?.toISOString() ?? null).toBe(until);
  });
});
