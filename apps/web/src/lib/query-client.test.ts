import { ApiError } from './api/client';
import { hashQueryKey, shouldRetry } from './query-client';

describe('hashQueryKey', () => {
  it('handles bigint ids and keeps large ones exact', () => {
    expect(hashQueryKey(['invoice', 9007199254740993n])).toBe('["invoice","9007199254740993n"]');
    expect(hashQueryKey(['a', 1n])).not.toBe(hashQueryKey(['a', 1]));
  });

  it('ignores the order of object keys', () => {
    expect(hashQueryKey(['list', { b: 2, a: 1n }])).toBe(hashQueryKey(['list', { a: 1n, b: 2 }]));
  });
});

describe('shouldRetry', () => {
  const api = (status: number) => new ApiError(status, { error: 'x' }, new Headers());
  it.each([
    ['400', api(400), 0, false],
    ['401', api(401), 0, false],
    ['404', api(404), 0, false],
    ['429', api(429), 0, false],
    ['500 first failure', api(500), 0, true],
    ['503 second failure', api(503), 1, true],
    ['500 third failure', api(500), 2, false],
    ['network error', new TypeError('Failed to fetch'), 0, true],
  ])('%s', (_name, error, failures, expected) => {
    expect(shouldRetry(failures, error)).toBe(expected);
  });
});
