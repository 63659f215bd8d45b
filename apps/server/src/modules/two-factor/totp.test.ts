import { describe, expect, it } from 'vitest';
import { newRecoveryCode, RECOVERY_CODE_ALPHABET } from './totp';

describe('recovery codes', () => {
  it('never use characters people misread (i, l, 1, o, 0)', () => {
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[il1o0]/);
    const codes = Array.from({ length: 500 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    // Every character of the alphabet turns up: it is drawn from evenly, not folded onto a few.
    expect(new Set(codes.join('').replace(/-/g, '')).size).toBe(RECOVERY_CODE_ALPHABET.length);
  });
});
