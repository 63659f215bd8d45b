import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { EncryptJWT, base64url, jwtDecrypt } from 'jose';
import { z } from 'zod';
import { endpoints } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { appSecrets } from '../../db/schema';

/**
 * The state of a single sign-on under way (PKCE verifier, state, nonce, where to return) lives in
 * a short-lived cookie, encrypted and authenticated (JWE dir + A256GCM) with a key every instance
 * shares through the database. Why a cookie and not a table row keyed by state: it binds the flow
 * to the browser that started it (a code replayed from another browser fails, so no login CSRF),
 * needs no cleanup of abandoned flows, and keeps instances stateless without a schema change.
 */

const SECRET_NAME = 'oidc_state_key';
export const SIGN_IN_COOKIE = 'portal_sso';
/** Time to get through the provider's sign-in page. */
export const SIGN_IN_TTL_SECONDS = 600;

const PendingSignInSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  returnUrl: z.string(),
});
export type PendingSignIn = z.infer<typeof PendingSignInSchema>;

/** The cookie key, created on first use; concurrent first uses settle on whichever insert won. */
export const loadSignInKey = async (db: PortalDb): Promise<Uint8Array> => {
  const read = async () => (await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME)))[0];
  let row = await read();
  if (!row) {
    await db
      .insert(appSecrets)
      .values({ name: SECRET_NAME, value: { k: base64url.encode(randomBytes(32)) } })
      .onConflictDoNothing();
    row = await read();
  }
  return base64url.decode((row!.value as { k: string }).k);
};

export const sealPendingSignIn = (key: Uint8Array, pending: PendingSignIn, now: Date): Promise<string> => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ ...pending })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SIGN_IN_TTL_SECONDS)
    .encrypt(key);
};

/** The pending sign-in, or null when the cookie is missing, tampered with or expired. */
export const openPendingSignIn = async (key: Uint8Array, sealed: string | null, now: Date): Promise<PendingSignIn | null> => {
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      currentDate: now,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const parsed = PendingSignInSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

// ── Cookie header text (no cookie plugin needed for one cookie) ───────────────────────────

// Sent only to the single sign-on calls (login and callback share this path).
export const COOKIE_PATH = endpoints.openIdCallback.path.slice(0, endpoints.openIdCallback.path.lastIndexOf('/'));

/**
 * SameSite=Lax, not Strict: the provider sends the browser back with a cross-site top-level GET,
 * which Strict would strip the cookie from. Path limits it to the sign-on routes.
 */
export const signInCookie = (value: string, secure: boolean, maxAgeSeconds = SIGN_IN_TTL_SECONDS): string =>
  [
    `${SIGN_IN_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');

export const clearedSignInCookie = (secure: boolean): string => signInCookie('', secure, 0);
