import { z } from 'zod';
import { IdSchema } from './primitives';

export const ROLES = ['Admin', 'Staff'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Scope naming an account the user may use (spec §3). */
export const ACCOUNT_SCOPE_PREFIX = 'ac:';
export const accountScope = (accountId: bigint): string => `${ACCOUNT_SCOPE_PREFIX}${accountId}`;
export const accountIdsFromScopes = (scopes: readonly string[]): bigint[] =>
  scopes.filter((s) => /^ac:\d{1,19}$/.test(s)).map((s) => BigInt(s.slice(ACCOUNT_SCOPE_PREFIX.length)));

/** Audiences the auth service puts in every session token. */
export const TOKEN_AUDIENCES = ['billing-portal', 'billing'] as const;
export const BILLING_AUDIENCE = 'billing';

export const SessionClaimsSchema = z.object({
  sub: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  scopes: z.array(z.string()),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
});
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

export const USERNAME_MAX = 254;
export const PASSWORD_MAX = 256;
export const PASSWORD_MIN = 12;

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(USERNAME_MAX),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  successful: z.boolean(),
  token: z.string().nullable(),
  error: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const OneTimeLoginRequestSchema = z.object({ token: z.string().min(1).max(200) });
export type OneTimeLoginRequest = z.infer<typeof OneTimeLoginRequestSchema>;

export const ResetEmailRequestSchema = z.object({
  username: z.string().trim().min(1, 'Please enter a valid email address.').max(USERNAME_MAX),
  validateURL: z.url().max(2000),
  brand: z.string().max(50),
});
export type ResetEmailRequest = z.infer<typeof ResetEmailRequestSchema>;

export const SetFromResetTokenRequestSchema = z.object({
  newPassword: z.string().max(PASSWORD_MAX),
  resetToken: z.string().min(1).max(200),
});
export type SetFromResetTokenRequest = z.infer<typeof SetFromResetTokenRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword: z.string().max(PASSWORD_MAX),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** `{successful, error}` of password calls. */
export const ResultResponseSchema = z.object({ successful: z.boolean(), error: z.string().nullable() });
export type ResultResponse = z.infer<typeof ResultResponseSchema>;

export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** A user as Admin sees it on the approval screen. */
export const UserSummarySchema = z.object({
  id: IdSchema,
  username: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  status: UserStatusSchema,
  roles: z.array(RoleSchema),
  accountIds: z.array(IdSchema),
  createdAt: z.iso.datetime({ offset: true }),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const UsersQuerySchema = z.object({ status: UserStatusSchema.optional() });
export const ApproveUserRequestSchema = z.object({
  accountIds: z.array(IdSchema).max(1000),
  roles: z.array(RoleSchema).default([]),
});
export type ApproveUserRequest = z.input<typeof ApproveUserRequestSchema>;

export const OneTimeLoginLinkSchema = z.object({ token: z.string(), expiresAt: z.iso.datetime({ offset: true }) });
export type OneTimeLoginLink = z.infer<typeof OneTimeLoginLinkSchema>;

// ── Additions for the auth service's own calls and texts ────────────────────────────────────

/** Where the auth service sends people back to (spec §2); links and redirects must stay on them. */
export const RESET_PASSWORD_PATH = '/reset-password';
export const LOGIN_CALLBACK_PATH = '/login-callback';

/**
 * Exact texts the auth service answers with, so the web app can match or show them (spec §8 shows
 * the server's text on the login and reset screens).
 */
export const AUTH_MESSAGES = {
  invalidCredentials: 'The username or password is incorrect.',
  awaitingApproval: 'Your account has not yet been approved.',
  accountDisabled: 'This account has been disabled. Please contact support.',
  loginLinkInvalid: 'This login link has expired or was already used.',
  resetLinkInvalid: 'This reset link has expired or was already used. Request a new one.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  passwordTooCommon: 'This password is too common. Choose a less predictable one.',
  passwordPersonal: 'Password must not be your username or email address.',
  passwordUnchanged: 'The new password must be different from the current password.',
  currentPasswordWrong: 'The current password is incorrect.',
  invalidValidateUrl: `validateURL must be a ${RESET_PASSWORD_PATH} address on this site.`,
  invalidReturnUrl: `returnUrl must be a ${LOGIN_CALLBACK_PATH} address on this site.`,
  ssoNotConfigured: 'Single sign-on is not configured.',
  ssoFailed: 'Single sign-on did not complete. Please try again.',
  ssoEmailUnverified: 'Your sign-in provider did not confirm your email address. Please contact support.',
  ssoAmbiguousEmail: 'Several users have this email address. Please contact support.',
} as const;

/**
 * The `error` value of a `/login-callback#error=…` redirect (an `error_description` with the
 * human text follows it): pending = awaiting approval, disabled, failed = the sign-in itself failed.
 */
export const LOGIN_CALLBACK_ERRORS = ['pending', 'disabled', 'failed'] as const;
export type LoginCallbackError = (typeof LOGIN_CALLBACK_ERRORS)[number];

/** `GET /a/v1/openid/microsoft-login`: where to land afterwards (default: this site's /login-callback). */
export const OpenIdLoginQuerySchema = z.object({ returnUrl: z.string().max(2000).optional() });
export type OpenIdLoginQuery = z.infer<typeof OpenIdLoginQuerySchema>;

/** The provider's authorization response (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export const OpenIdCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  session_state: z.string().max(2000).optional(),
});

/** `/a/v1/Users/{id}/…` */
export const UserIdParamsSchema = z.object({ id: IdSchema });
export type UserIdParams = z.infer<typeof UserIdParamsSchema>;
