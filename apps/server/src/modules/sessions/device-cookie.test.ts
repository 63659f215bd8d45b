import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceCookieHeader, deviceCookieKey, issueDeviceCookie, readDeviceCookie } from './device-cookie';

const key = deviceCookieKey(randomBytes(32));

describe('device cookies', () => {
  it('name the user they were issued to, with a nonce of their own', () => {
    const a = issueDeviceCookie(key, 42n);
    const b = issueDeviceCookie(key, 42n);
    expect(readDeviceCookie(key, a)).toMatchObject({ userId: 42n });
    expect(readDeviceCookie(key, a)!.nonce).not.toBe(readDeviceCookie(key, b)!.nonce);
  });
  it.each([
    ['another user', (v: string) => v.replace(/^42\./, '43.')],
    ['another nonce', (v: string) => v.replace(/\.[^.]+\./, '.AAAAAAAAAAAAAAAA.')],
    ['a truncated signature', (v: string) => v.slice(0, -1)],
    ['garbage', () => 'not-a-cookie'],
  ])('refuse %s', (_what, alter) => {
    expect(readDeviceCookie(key, alter(issueDeviceCookie(key, 42n)))).toBeNull();
  });
  it('refuse a cookie signed under another secrets key, and a missing one', () => {
    expect(readDeviceCookie(deviceCookieKey(randomBytes(32)), issueDeviceCookie(key, 42n))).toBeNull();
    expect(readDeviceCookie(key, undefined)).toBeNull();
  });
  it('are HttpOnly, SameSite=Strict, sent only to sign-in, Secure on https', () => {
    expect(deviceCookieHeader('v', true)).toBe('portal_device=v; Path=/a/v1/Authenticate; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure');
    expect(deviceCookieHeader('v', false)).not.toContain('Secure');
  });
});
