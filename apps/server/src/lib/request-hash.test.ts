import { describe, expect, it } from 'vitest';
import { requestHash } from './request-hash';

describe('requestHash', () => {
  it.each([
    ['key order does not matter', { a: 1, b: { c: [1, 2], d: 'x' } }, { b: { d: 'x', c: [1, 2] }, a: 1 }, true],
    ['array order matters', { a: [1, 2] }, { a: [2, 1] }, false],
    ['a changed value differs', { amount: '10.00' }, { amount: '10.01' }, false],
    ['an added field differs', { a: 1 }, { a: 1, b: null }, false],
  ])('%s', (_name, left, right, same) => {
    expect(requestHash(left) === requestHash(right)).toBe(same);
  });

  it('is a sha-256 hex digest', () => {
    expect(requestHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
