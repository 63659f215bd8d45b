import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_TTL_SECONDS, clearedSignInCookie, openPendingSignIn, sealPendingSignIn, signInCookie } from './oidc-state';
import { readCookie } from '../sessions';

const key = new Uint8Array(randomBytes(32));
const pending = { state: 's-123', nonce: 'n-456', codeVerifier: 'v-789', returnUrl: 'https://portal.example/login-callback' };
const now = new Date('2025-06-01T10:00:00Z');

describe('pending sign-in cookie', () => {
  it('round-trips, and hides its content', async () => {
    const sealed = await sealPendingSignIn(key, pending, now);
    expect(sealed.split('.')).toHaveLength(5);
    for (const secret of ['s-123', 'n-456', 'v-789', 'login-callback'])
      expect(Buffer.from(sealed).toString()).not.toContain(secret);
    expect(await openPendingSignIn(key, sealed, now)).toEqual(pending);
  });

  it('is refused once expired, when tampered with, under another key, or missing', async () => {
    const sealed = await sealPendingSignIn(key, pending, now);
    expect(await openPendingSignIn(key, sealed, new Date(now.getTime() + (SIGN_IN_TTL_SECONDS + 1) * 1000))).toBeNull();
    const parts = sealed.split('.');
    parts[3] = `${parts[3]!.slice(0, -2)}${parts[3]!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await openPendingSignIn(key, parts.join('.'), now)).toBeNull();
    expect(await openPendingSignIn(new Uint8Array(randomBytes(32)), sealed, now)).toBeNull();
    expect(await openPendingSignIn(key, null, now)).toBeNull();
    expect(await openPendingSignIn(key, 'garbage', now)).toBeNull();
  });
});

describe('cookie text', () => {
  it.each([
    [false, 'portal_sso=abc; Path=/a/v1/openid; Max-Age=600; HttpOnly; SameSite=Lax'],
    [true, 'portal_sso=abc; Path=/a/v1/openid; Max-Age=600; HttpOnly; SameSite=Lax; Secure'],
  ])('secure=%s', (secure, text) => {
    expect(signInCookie('abc', secure)).toBe(text);
  });

  it('clears with Max-Age=0', () => {
    expect(clearedSignInCookie(true)).toBe('portal_sso=; Path=/a/v1/openid; Max-Age=0; HttpOnly; SameSite=Lax; Secure');
  });

  it.each([
    ['a=1; portal_sso=xyz; b=2', 'xyz'],
    ['portal_sso=xyz', 'xyz'],
    ['portal_sso_other=1', null],
    ['portal_sso=', null],
    [undefined, null],
  ])('reads %j → %s', (header, value) => {
    expect(readCookie(header, 'portal_sso')).toBe(value);
  });
});
