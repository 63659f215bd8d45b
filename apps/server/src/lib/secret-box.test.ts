import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealedSecret, parseSecretsKey, SealedWithAnotherKeyError } from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);
  it('seals and opens, with a fresh nonce every time', () => {
    const box = createSecretBox(key, 'signing-key');
    const a = box.seal('private key');
    const b = box.seal('private key');
    expect(isSealedSecret(a)).toBe(true);
    expect(a.data).not.toBe(b.data);
    expect(JSON.stringify(a)).not.toContain('private key');
    expect(box.open(a)).toBe('private key');
  });
  it('refuses another key, another context and altered data', () => {
    const sealed = createSecretBox(key, 'signing-key').seal('secret');
    expect(() => createSecretBox(randomBytes(32), 'signing-key').open(sealed)).toThrow(SealedWithAnotherKeyError);
    expect(() => createSecretBox(randomBytes(32), 'signing-key').open(sealed)).toThrow('A secret (signing-key) was sealed with another key, or altered: the secrets key cannot open it');
    expect(() => createSecretBox(key, 'totp').open(sealed)).toThrow(SealedWithAnotherKeyError);
    const altered = { ...sealed, data: Buffer.from('x' + sealed.data).toString('base64url').slice(0, sealed.data.length) };
    expect(() => createSecretBox(key, 'signing-key').open(altered)).toThrow(SealedWithAnotherKeyError);
  });
  it.each([
    ['a'.repeat(64), 32],
    [randomBytes(32).toString('base64url'), 32],
    ['short', null],
    ['z'.repeat(64), null],
  ])('parses %s', (text, length) => {
    expect(parseSecretsKey(text)?.length ?? null).toBe(length);
  });
});
