/**
 * Secrets at rest (signing keys, two-factor secrets): AES-256-GCM under a key that lives outside
 * the database (`SECRETS_KEY` or `SECRETS_KEY_FILE`), so a copy of the database alone reveals none.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A sealed value as stored (JSON): version, nonce, tag and ciphertext, base64url. */
export interface SealedSecret {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

export interface SecretBox {
  seal(plaintext: string): SealedSecret;
  /** Throws SealedWithAnotherKeyError when the value was sealed under another key or altered. */
  open(sealed: SealedSecret): string;
}

/**
 * A sealed value this key cannot open. GCM cannot tell another key from altered data; at start-up it
 * is nearly always the key (a new SECRETS_KEY, a regenerated key file), so start-up says which setting.
 */
export class SealedWithAnotherKeyError extends Error {
  constructor(readonly context: string) {
    super(`A secret (${context}) was sealed with another key, or altered: the secrets key cannot open it`);
    this.name = 'SealedWithAnotherKeyError';
  }
}

export const isSealedSecret = (value: unknown): value is SealedSecret =>
  typeof value === 'object' && value !== null && (value as { v?: unknown }).v === 1 && typeof (value as { data?: unknown }).data === 'string';

/** `key` is 32 bytes. `context` binds a value to its use, so one sealed for a purpose cannot pass for another. */
export const createSecretBox = (key: Buffer, context: string): SecretBox => {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  const aad = Buffer.from(context);
  return {
    seal: (plaintext) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return { v: 1, iv: iv.toString('base64url'), tag: cipher.getAuthTag().toString('base64url'), data: data.toString('base64url') };
    },
    open: (sealed) => {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url')).setAAD(aad);
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SealedWithAnotherKeyError(context);
      }
    },
  };
};

/** A 32-byte key written as 64 hex digits or 43 base64url characters. */
export const parseSecretsKey = (text: string): Buffer | null => {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9_-]{43}=?$/.test(trimmed)) return Buffer.from(trimmed, 'base64url');
  return null;
};
