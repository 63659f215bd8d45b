/**
 * OWASP's device cookies: a browser where a person signed in successfully gets a signed, HttpOnly
 * cookie naming them. Its sign-in attempts are throttled on their own counter, so failures an
 * attacker causes elsewhere never lock the owner out of a browser they have used before.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { endpoints } from '@portal/contract';

export const DEVICE_COOKIE = 'portal_device';
/** A year: a browser stays known as long as it keeps the cookie. */
const MAX_AGE_SECONDS = 365 * 24 * 3600;
// Sent only with sign-in attempts.
const COOKIE_PATH = endpoints.authenticate.path;

export interface DeviceCookie {
  userId: bigint;
  /** Names the browser: its own throttle counter. */
  nonce: string;
}

/** The HMAC key of device cookies, derived from the secrets key (nothing to store). */
export const deviceCookieKey = (secretsKey: Buffer): Buffer => createHmac('sha256', secretsKey).update('device-cookie-v1').digest();

const signature = (key: Buffer, userId: bigint, nonce: string) => createHmac('sha256', key).update(`device-v1:${userId}:${nonce}`).digest('base64url');

/** The cookie value for a user, with a fresh nonce. */
export const issueDeviceCookie = (key: Buffer, userId: bigint): string => {
  const nonce = randomBytes(12).toString('base64url');
  return `${userId}.${nonce}.${signature(key, userId, nonce)}`;
};

/** The verified cookie, or null for a missing, malformed or forged one. */
export const readDeviceCookie = (key: Buffer, value: string | undefined): DeviceCookie | null => {
  const match = /^(\d{1,19})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const [, id, nonce, sig] = match;
  const expected = Buffer.from(signature(key, BigInt(id!), nonce!));
  const given = Buffer.from(sig!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId: BigInt(id!), nonce: nonce! } : null;
};

/** The Set-Cookie header of a device cookie. */
export const deviceCookieHeader = (value: string, secure: boolean): string =>
  `${DEVICE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

/** One cookie's value from a Cookie header (pure). */
export const readCookie = (header: string | undefined, name: string): string | null => {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
};
