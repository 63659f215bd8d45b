import { describe, expect, it } from 'vitest';
import { createDemoLinkToken } from './link';

describe('demo sign-in link token', () => {
  it.each([
    ['its own token', 'right-token', true],
    ['another token', 'wrong-token', false],
    ['an empty token', '', false],
    ['its token with more after it', 'right-token-and-more', false],
  ])('takes %s: %s', (_what, candidate, taken) => {
    expect(createDemoLinkToken('right-token').take(candidate)).toBe(taken);
  });

  it('is held by one use at a time, usable again when given back, and spent when not', () => {
    const link = createDemoLinkToken('right-token');
    expect(link.take('right-token')).toBe(true);
    expect(link.take('right-token')).toBe(false);
    link.giveBack();
    expect(link.take('right-token')).toBe(true);
    expect(link.take('right-token')).toBe(false);
  });

  it('makes a token of 256 random bits unless given one', () => {
    const a = createDemoLinkToken().token;
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createDemoLinkToken().token).not.toBe(a);
  });
});
