import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@portal/contract';
import { loginError, loginOutcome, resolveLogin, withAttemptsLeft } from './login-rules';

const user = (id: number, username: string, email: string | null) => ({ id, username, email });

describe('resolveLogin', () => {
  const pat = user(1, 'pat', 'pat@example.com');
  const sam = user(2, 'sam', 'family@example.com');
  const kim = user(3, 'kim', 'family@example.com');
  const mail = user(4, 'family@example.com', 'other@example.com');

  it.each([
    { name: 'a username, any case', candidates: [pat], login: 'PAT', expected: { kind: 'user', user: pat } },
    { name: 'a unique email', candidates: [pat], login: ' Pat@Example.com ', expected: { kind: 'user', user: pat } },
    { name: 'a shared email', candidates: [sam, kim], login: 'family@example.com', expected: { kind: 'ambiguous' } },
    {
      name: 'a username equal to shared email',
      candidates: [sam, kim, mail],
      login: 'family@example.com',
      expected: { kind: 'user', user: mail },
    },
    { name: 'nothing', candidates: [], login: 'nobody', expected: { kind: 'none' } },
    { name: 'a candidate that matches neither exactly', candidates: [pat], login: 'pa', expected: { kind: 'none' } },
  ])('$name', ({ candidates, login, expected }) => {
    expect(resolveLogin(candidates, login)).toEqual(expected);
  });
});

describe('loginOutcome', () => {
  it.each([
    { user: null, matches: false, outcome: 'invalid_credentials' },
    { user: null, matches: true, outcome: 'invalid_credentials' },
    { user: { status: 'active' as const }, matches: false, outcome: 'invalid_credentials' },
    { user: { status: 'pending' as const }, matches: false, outcome: 'invalid_credentials' },
    { user: { status: 'disabled' as const }, matches: false, outcome: 'invalid_credentials' },
    { user: { status: 'active' as const }, matches: true, outcome: 'success' },
    { user: { status: 'pending' as const }, matches: true, outcome: 'pending' },
    { user: { status: 'disabled' as const }, matches: true, outcome: 'disabled' },
  ])('$user.status with password matching $matches → $outcome', ({ user, matches, outcome }) => {
    expect(loginOutcome(user, matches)).toBe(outcome);
  });

  it.each([
    { user: { status: 'active' as const }, matches: true, outcome: 'accounts_closed' },
    // Status and a wrong password are answered first: closed accounts are not revealed to a guess.
    { user: { status: 'active' as const }, matches: false, outcome: 'invalid_credentials' },
    { user: { status: 'disabled' as const }, matches: true, outcome: 'disabled' },
  ])('$user.status whose accounts are all closed, password matching $matches → $outcome', ({ user, matches, outcome }) => {
    expect(loginOutcome(user, matches, true)).toBe(outcome);
  });

  it.each([
    ['success', null],
    ['invalid_credentials', AUTH_MESSAGES.invalidCredentials],
    ['pending', AUTH_MESSAGES.awaitingApproval],
    ['disabled', AUTH_MESSAGES.accountDisabled],
    ['accounts_closed', AUTH_MESSAGES.accountClosed],
  ] as const)('%s shows %j', (outcome, text) => {
    expect(loginError(outcome)).toBe(text);
  });
});

describe('how many attempts a refused sign-in says remain', () => {
  const refused = { successful: false, token: null, error: 'Invalid username or password.' };
  it.each([
    ['a refused password, 4 left', refused, 4, refused],
    ['a refused password, 3 left', refused, 3, { ...refused, attemptsLeft: 3 }],
    ['a refused password, none left', refused, 0, { ...refused, attemptsLeft: 0 }],
    ['a success', { successful: true, token: 't', error: null }, 1, { successful: true, token: 't', error: null }],
    [
      'the second factor asked for',
      { ...refused, secondFactorRequired: 'totp' as const },
      1,
      { ...refused, secondFactorRequired: 'totp' as const },
    ],
  ])('%s', (_name, response, left, expected) => {
    expect(withAttemptsLeft(response, left)).toEqual(expected);
  });
});
