/**
 * The credentials of an API client (pure): a public `client_id`, a 256-bit secret kept only as its
 * SHA-256, and how a token request carries them (RFC 6749 §2.3.1).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 16 random bytes, URL-safe and free of `:` (HTTP Basic splits on it). */
export const generateClientId = (): string => `pc_${randomBytes(16).toString('base64url')}`;
/** 32 random bytes: far beyond guessing, so a fast hash at rest is enough (as for reset tokens). */
export const generateClientSecret = (): string => `pcs_${randomBytes(32).toString('base64url')}`;
export const hashClientSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether `secret` hashes to one of `hashes`, comparing every one in constant time. */
export const secretMatches = (secret: string, hashes: readonly string[]): boolean => {
  const given = Buffer.from(hashClientSecret(secret), 'hex');
  let found = false;
  for (const hash of hashes) {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = true;
  }
  return found;
};

export interface PresentedCredentials {
  clientId: string;
  clientSecret: string;
  method: 'client_secret_basic' | 'client_secret_post';
}

/** RFC 6749 §2.3.1: Basic credentials are form-encoded before base64 (`+` is a space). */
const formDecode = (value: string): string | null => {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
};

export type CredentialsProblem = 'none' | 'malformed' | 'both';

/**
 * The client's credentials from the `Authorization: Basic` header or the `client_id`/`client_secret`
 * fields; using both at once is refused (RFC 6749 §2.3: one method per request).
 */
export const presentedCredentials = (
  authorization: string | undefined,
  fields: { client_id?: unknown; client_secret?: unknown },
): PresentedCredentials | { problem: CredentialsProblem } => {
  const basic = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
  const hasFields = fields.client_id !== undefined || fields.client_secret !== undefined;
  if (authorization && /^Basic\s/i.test(authorization)) {
    if (hasFields) return { problem: 'both' };
    if (!basic) return { problem: 'malformed' };
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { problem: 'malformed' };
    const clientId = formDecode(decoded.slice(0, colon));
    const clientSecret = formDecode(decoded.slice(colon + 1));
    if (!clientId || !clientSecret) return { problem: 'malformed' };
    return { clientId, clientSecret, method: 'client_secret_basic' };
  }
  if (!hasFields) return { problem: 'none' };
  const { client_id: clientId, client_secret: clientSecret } = fields;
  if (typeof clientId !== 'string' || typeof clientSecret !== 'string' || !clientId || !clientSecret) return { problem: 'malformed' };
  return { clientId, clientSecret, method: 'client_secret_post' };
};

/**
 * The scopes a token gets: all the client's when none are asked for (RFC 6749 §3.3 lets the server
 * choose a default), else the ones asked, each of which the client must hold; null when one is not.
 */
export const grantedScopes = (requested: string | undefined, allowed: readonly string[]): string[] | null => {
  if (requested === undefined || requested.trim() === '') return [...allowed];
  const asked = [...new Set(requested.split(' ').filter(Boolean))];
  return asked.every((scope) => allowed.includes(scope)) ? allowed.filter((scope) => asked.includes(scope)) : null;
};
