import { AUTH_MESSAGES, type LoginCallbackError } from '@portal/contract';

/** Claims from an ID token (or userinfo) the sign-on uses. */
export type IdentityClaims = Readonly<Record<string, unknown>>;

const isTrue = (value: unknown) => value === true || value === 'true';

/**
 * The person's email when the provider vouches for it (pure): `email_verified` (standard OpenID
 * Connect), or Microsoft Entra ID's `xms_edov` (email domain owner verified; add it as an optional
 * claim in the app registration — Entra sends no `email_verified`). An unverified email never
 * links to an existing user: anyone can put any address on a self-service identity.
 */
export const verifiedEmailOf = (claims: IdentityClaims): string | null => {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) return null;
  return isTrue(claims.email_verified) || isTrue(claims.xms_edov) ? email : null;
};

/** A display name for a new user (pure). */
export const displayNameOf = (claims: IdentityClaims, fallback: string): string => {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const full = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return (text(claims.name) || full || text(claims.preferred_username) || fallback).slice(0, 200);
};

export type SsoResult =
  { kind: 'success'; token: string } | { kind: 'pending' } | { kind: 'disabled' } | { kind: 'failed'; message: string };

/** What `/login-callback` receives in its hash (pure): a token, or an error code and its text. */
export const callbackFragment = (result: SsoResult): Record<string, string> => {
  const error = (code: LoginCallbackError, description: string) => ({ error: code, error_description: description });
  switch (result.kind) {
    case 'success':
      return { token: result.token };
    case 'pending':
      return error('pending', AUTH_MESSAGES.awaitingApproval);
    case 'disabled':
      return error('disabled', AUTH_MESSAGES.accountDisabled);
    case 'failed':
      return error('failed', result.message);
  }
};
