import { ApiError } from '@/lib/api/client';
import { hashParam, loginFailureMessage, resetEmailOutcome, validateLogin, returnPathAfterLogin } from './rules';

const apiError = (body: unknown, status = 400) => new ApiError(status, body, new Headers());

describe('loginFailureMessage (server text, else exception message, else "Login failed")', () => {
  it.each([
    [
      'server error text in the answer',
      { response: { error: 'The username or password is incorrect.' } },
      'The username or password is incorrect.',
    ],
    ['blank server text falls through', { response: { error: '  ' } }, 'Login failed'],
    [
      'ApiError with the server {error}',
      { error: apiError({ error: 'Too many attempts. Try again in 5 minutes.' }, 429) },
      'Too many attempts. Try again in 5 minutes.',
    ],
    ['ApiError without text → its message', { error: apiError('') }, 'An unexpected server error occurred.'],
    ['network failure → exception message', { error: new TypeError('Failed to fetch') }, 'Failed to fetch'],
    ['nothing usable', { error: 'weird' }, 'Login failed'],
    ['no response at all', {}, 'Login failed'],
  ])('%s', (_name, outcome, expected) => {
    expect(loginFailureMessage(outcome, 'Login failed')).toBe(expected);
  });
});

describe('resetEmailOutcome', () => {
  it.each([
    ['sent', 'casey', { sent: true }, { kind: 'success' }],
    ['not sent, email entered', 'casey@example.com', { sent: false }, { kind: 'error', key: 'forgot.multipleUsers' }],
    ['not sent, username entered', 'casey', { sent: false }, { kind: 'error', key: 'forgot.failed' }],
    [
      'exception with server text',
      'casey',
      { error: apiError({ error: 'Slow down' }, 429) },
      { kind: 'error', text: 'Slow down' },
    ],
    ['exception', 'casey', { error: new Error('Network down') }, { kind: 'error', text: 'Network down' }],
    ['exception without message', 'casey', { error: {} }, { kind: 'error', key: 'forgot.failedRetry' }],
  ])('%s', (_name, username, result, expected) => {
    expect(resetEmailOutcome(username, result)).toEqual(expected);
  });
});

describe('hashParam', () => {
  it.each([
    ['#reset=abc', 'reset', 'abc'],
    ['reset=abc', 'reset', 'abc'],
    ['#token=a%2Bb&x=1', 'token', 'a+b'],
    ['#error=pending&error_description=Your%20account', 'error_description', 'Your account'],
    ['#reset=', 'reset', null],
    ['', 'reset', null],
  ])('%s → %s=%s', (hash, name, expected) => {
    expect(hashParam(hash, name)).toBe(expected);
  });
});

describe('validateLogin (both required)', () => {
  it.each([
    [
      { username: '', password: '' },
      { username: 'login.usernameRequired', password: 'login.passwordRequired' },
    ],
    [{ username: '   ', password: 'x' }, { username: 'login.usernameRequired' }],
    [{ username: 'casey', password: '' }, { password: 'login.passwordRequired' }],
    [{ username: 'casey', password: ' ' }, {}],
  ])('%o', (fields, expected) => {
    expect(validateLogin(fields)).toEqual(expected);
  });
});

describe('where sign-in lands', () => {
  const ORIGIN = 'https://portal.example';
  it.each([
    ['/invoices?period=3m', '/invoices?period=3m'],
    ['/invoices/details/42#payments', '/invoices/details/42#payments'],
    [null, '/'],
    ['', '/'],
    ['invoices', '/'],
    ['https://evil.example/invoices', '/'],
    ['//evil.example/invoices', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login?next=/invoices', '/'],
  ])('next=%s lands on %s', (next, landing) => {
    expect(returnPathAfterLogin(next, ORIGIN)).toBe(landing);
  });
});
