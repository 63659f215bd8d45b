import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes = 256 bits: far beyond guessing, even unthrottled. */
export const OPAQUE_TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A fresh single-use secret (reset link, one-time login), URL-safe without escaping. */
export const generateOpaqueToken = (): string => randomBytes(OPAQUE_TOKEN_BYTES).toString('base64url');

/**
 * What the database keeps instead of the token: its SHA-256. A leaked table yields no usable
 * token, and the token's own entropy makes a slow or salted hash unnecessary.
 */
export const hashOpaqueToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether a string can be one of our tokens at all (saves a query on junk input). */
export const isWellFormedToken = (token: string): boolean => TOKEN_SHAPE.test(token);

export const expiresAfter = (now: Date, ttlMs: number): Date => new Date(now.getTime() + ttlMs);
