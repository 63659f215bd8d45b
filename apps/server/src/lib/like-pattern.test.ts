import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like-pattern';

describe('LIKE patterns', () => {
  it.each([
    ['a%b_c\\d', 'a\\%b\\_c\\\\d'],
    ['plain', 'plain'],
    ['', ''],
  ])('escapes %j', (text, escaped) => {
    expect(escapeLike(text)).toBe(escaped);
  });

  it('matches the text anywhere, its wildcards taken literally', () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
  });
});
