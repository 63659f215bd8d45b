import { z } from 'zod';
import { IdSchema } from './primitives';
import { textSchema, trimmedText } from './text';
import { builtOnFirstUse } from './lazy-schema';

export const ROLES = ['Admin', 'Staff'] as const;
export const RoleSchema = builtOnFirstUse(() => z.enum(ROLES));
export type Role = z.infer<typeof RoleSchema>;

/** Audiences the auth service puts in every session token. */
export const TOKEN_AUDIENCES = ['billing-portal', 'billing'] as const;
export const BILLING_AUDIENCE = 'billing';

export const SessionClaimsSchema = builtOnFirstUse(() =>
  z.object({
    sub: z.string(),
    /** The server-side session the token belongs to: the token works only while it is live. */
    sid: z.string().min(1),
    name: z.string(),
    roles: z.array(z.string()),
    scopes: z.array(z.string()),
    aud: z.union([z.string(), z.array(z.string())]),
    exp: z.number(),
  }),
);
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

export const USERNAME_MAX = 254;
export const PASSWORD_MAX = 256;
export const PASSWORD_MIN = 12;

/** A 6-digit authenticator code, or a recovery code (`xxxxx-xxxxx`). */
export const SecondFactorCodeSchema = builtOnFirstUse(() => textSchema().trim().min(6).max(20));

export const LoginRequestSchema = builtOnFirstUse(() =>
  z.object({
    username: textSchema().trim().min(1, 'Username is required').max(USERNAME_MAX),
    password: textSchema().min(1, 'Password is required').max(PASSWORD_MAX),
    /** With two-factor sign-in on: the authenticator's code or a recovery code. */
    otp: SecondFactorCodeSchema.optional(),
  }),
);
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = builtOnFirstUse(() =>
  z.object({
    successful: z.boolean(),
    token: z.string().nullable(),
    error: z.string().nullable(),
    /** Set when the password was right and a second factor is needed: send it as `otp`. */
    secondFactorRequired: z.literal('totp').optional(),
    /** Set after a refused password when only a few attempts remain before sign-in is paused. */
    attemptsLeft: z.number().int().min(0).optional(),
  }),
);
/** From this many attempts left, a refused sign-in says how many remain. */
export const FEW_LOGIN_ATTEMPTS_LEFT = 3;

/** `TwoFactor/totp/setup`: the secret as text and as the URL authenticator apps read from a QR code. */
export const TotpSetupSchema = builtOnFirstUse(() => z.object({ secret: z.string(), otpauthUrl: z.string() }));
export const TwoFactorCodeRequestSchema = builtOnFirstUse(() => z.object({ code: SecondFactorCodeSchema }));
export const RecoveryCodesSchema = builtOnFirstUse(() => z.object({ recoveryCodes: z.array(z.string()) }));
/** `TwoFactor`: whether two-factor sign-in is on for the caller. */
export const TwoFactorStatusSchema = builtOnFirstUse(() => z.object({ totp: z.boolean() }));
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const OneTimeLoginRequestSchema = builtOnFirstUse(() => z.object({ token: textSchema().min(1).max(200) }));
export type OneTimeLoginRequest = z.infer<typeof OneTimeLoginRequestSchema>;

export const ResetEmailRequestSchema = builtOnFirstUse(() =>
  z.object({
    username: textSchema().trim().min(1, 'Please enter a valid email address.').max(USERNAME_MAX),
    validateURL: z.url().max(2000),
    brand: textSchema().max(50),
  }),
);
export type ResetEmailRequest = z.infer<typeof ResetEmailRequestSchema>;

export const SetFromResetTokenRequestSchema = builtOnFirstUse(() =>
  z.object({
    newPassword: textSchema().max(PASSWORD_MAX),
    resetToken: textSchema().min(1).max(200),
    /** Also remove the passkeys registered in the last 24 hours (someone else may have added them). */
    removeRecentPasskeys: z.boolean().optional(),
  }),
);
export type SetFromResetTokenRequest = z.infer<typeof SetFromResetTokenRequestSchema>;
/** `Password/CheckResetToken`: whether a reset link still works, asked when its page opens (nothing is spent). */
export const CheckResetTokenRequestSchema = builtOnFirstUse(() => SetFromResetTokenRequestSchema.pick({ resetToken: true }));
export type CheckResetTokenRequest = z.infer<typeof CheckResetTokenRequestSchema>;

export const ChangePasswordRequestSchema = builtOnFirstUse(() =>
  z.object({
    currentPassword: textSchema().min(1, 'Current password is required').max(PASSWORD_MAX),
    newPassword: textSchema().max(PASSWORD_MAX),
    /** Also remove the passkeys registered in the last 24 hours (someone else may have added them). */
    removeRecentPasskeys: z.boolean().optional(),
  }),
);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/**
 * Sensitive changes (the invoice email, turning two-factor off, removing a passkey) need a sign-in or a
 * confirmation of the password at most this long ago (docs/decisions/0011-server-side-sessions.md).
 */
export const REAUTHENTICATION_MAX_AGE_MINUTES = 10;
/** `Authenticate/confirm`: the signed-in person proves again who they are. */
export const ConfirmPasswordRequestSchema = builtOnFirstUse(() =>
  z.object({
    password: textSchema().min(1, 'Password is required').max(PASSWORD_MAX),
  }),
);
export type ConfirmPasswordRequest = z.infer<typeof ConfirmPasswordRequestSchema>;

/** `{successful, error}` of password calls. */
export const ResultResponseSchema = builtOnFirstUse(() => z.object({ successful: z.boolean(), error: z.string().nullable() }));
export type ResultResponse = z.infer<typeof ResultResponseSchema>;

/**
 * A passkey registered this recently may be an intruder's: a password change or reset offers to remove it
 * (a stolen session could add one, and a passkey signs in without the password).
 */
export const RECENT_PASSKEY_HOURS = 24;
/** Whether a passkey registered at `createdAt` is recent at `now` (pure). */
export const isRecentPasskey = (createdAt: Date | string, now: Date): boolean =>
  now.getTime() - new Date(createdAt).getTime() <= RECENT_PASSKEY_HOURS * 3_600_000;
/** `Password/CheckResetToken`: whether the link works and, when it does, the person's recent passkeys. */
export const ResetTokenCheckSchema = builtOnFirstUse(() =>
  ResultResponseSchema.extend({
    recentPasskeys: z.array(z.object({ name: z.string(), createdAt: z.iso.datetime({ offset: true }) })),
  }),
);
export type ResetTokenCheck = z.infer<typeof ResetTokenCheckSchema>;

export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export const UserStatusSchema = builtOnFirstUse(() => z.enum(USER_STATUSES));
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** A user as Admin sees it on the approval screen. */
export const UserSummarySchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    username: z.string(),
    email: z.string().nullable(),
    name: z.string(),
    status: UserStatusSchema,
    roles: z.array(RoleSchema),
    /** The accounts the user may use (their `ac:{id}` scopes), by id and the name lists show. */
    accounts: z.array(z.object({ accountId: IdSchema, listName: z.string() })),
    twoFactorEnabled: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Until when sign-ins from browsers the person has not used are refused after wrong passwords; null when they are not. */
    lockedOutUntil: z.iso.datetime({ offset: true }).nullable(),
  }),
);
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** Admin lifts a person's sign-in lockout, and may email them a password reset link at once. */
export const LiftLockoutRequestSchema = builtOnFirstUse(() => z.object({ sendResetLink: z.boolean() }).strict());

export const USER_SEARCH_MAX = 100;
/** Admin's user list shows at most this many users; a search narrows it. */
export const USER_LIST_LIMIT = 200;
export const UsersQuerySchema = builtOnFirstUse(() =>
  z.object({
    status: UserStatusSchema.optional(),
    /** Part of a name, username or email, any case. */
    search: trimmedText(USER_SEARCH_MAX).optional(),
  }),
);
export const ApproveUserRequestSchema = builtOnFirstUse(() =>
  z.object({
    accountIds: z.array(IdSchema).max(1000),
    roles: z.array(RoleSchema).default([]),
  }),
);
export type ApproveUserRequest = z.input<typeof ApproveUserRequestSchema>;

export const OneTimeLoginLinkSchema = builtOnFirstUse(() =>
  z.object({ token: z.string(), expiresAt: z.iso.datetime({ offset: true }) }),
);
export type OneTimeLoginLink = z.infer<typeof OneTimeLoginLinkSchema>;

// ── Additions for the auth service's own calls and texts ────────────────────────────────────

/** Where the auth service sends people back to; links and redirects must stay on them. */
export const RESET_PASSWORD_PATH = '/reset-password';
export const LOGIN_CALLBACK_PATH = '/login-callback';

/**
 * Exact texts the auth service answers with, so the web app can match or show them (the login and
 * reset screens show the server's text).
 */
export const AUTH_MESSAGES = {
  invalidCredentials: 'The username or password is incorrect.',
  reauthenticationRequired: 'For your security, confirm your password to make this change.',
  passwordWrong: 'The password is incorrect.',
  noPasswordToConfirm: 'You sign in with single sign-on: log off and sign in again to make this change.',
  awaitingApproval: 'Your account has not yet been approved.',
  noResetLinkForUser: 'Only an active user with an email address can be sent a password reset link.',
  accountDisabled: 'This account has been disabled. Please contact support.',
  accountClosed: 'This account has been closed. Please contact support.',
  secondFactorRequired: 'Enter the 6-digit code from your authenticator app.',
  secondFactorWrong: 'That code is not right, or it was already used. Enter the current code from your authenticator app.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorNotSetUp: 'Start two-factor set-up first.',
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

/** `openid/providers`: the single sign-on providers that work here (none when it is not configured). */
export const OpenIdProvidersSchema = builtOnFirstUse(() =>
  z.object({
    providers: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
);
export type OpenIdProviders = z.infer<typeof OpenIdProvidersSchema>;

/** `openid/microsoft-login`: where to land afterwards (default: this site's /login-callback). */
export const OpenIdLoginQuerySchema = builtOnFirstUse(() => z.object({ returnUrl: textSchema().max(2000).optional() }));
export type OpenIdLoginQuery = z.infer<typeof OpenIdLoginQuerySchema>;

/** The demo's sign-in link (outside production): the token start-up printed. */
export const DemoSignInQuerySchema = builtOnFirstUse(() => z.object({ token: textSchema().max(200) }));
export type DemoSignInQuery = z.infer<typeof DemoSignInQuerySchema>;

/** The provider's authorization response (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export const OpenIdCallbackQuerySchema = builtOnFirstUse(() =>
  z.object({
    code: textSchema().max(4096).optional(),
    state: textSchema().max(512).optional(),
    iss: textSchema().max(2000).optional(),
    error: textSchema().max(200).optional(),
    error_description: textSchema().max(2000).optional(),
    session_state: textSchema().max(2000).optional(),
  }),
);

/** The public keys session tokens are signed with (RFC 7517), as billing verifies them. */
export const JwksSchema = builtOnFirstUse(() => z.object({ keys: z.array(z.record(z.string(), z.unknown())) }));

/** A live session as its owner sees it on the Security screen. */
export const SessionSummarySchema = builtOnFirstUse(() =>
  z.object({
    id: z.string(),
    /** The device in English ("Chrome on macOS"); screens word it from `browser` and `os` in their language. */
    device: z.string(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    /** Where it signed in from (the client's address). */
    place: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    lastSeenAt: z.iso.datetime({ offset: true }),
    current: z.boolean(),
  }),
);
export type SessionSummary = z.infer<typeof SessionSummarySchema>;
export const SessionListSchema = builtOnFirstUse(() => z.object({ value: z.array(SessionSummarySchema) }));
export const SessionIdParamsSchema = builtOnFirstUse(() => z.object({ id: textSchema().min(1).max(64) }));
export const RevokedSessionsSchema = builtOnFirstUse(() => z.object({ revoked: z.number().int() }));

/** `Users/{id}/…` */
export const UserIdParamsSchema = builtOnFirstUse(() => z.object({ id: IdSchema }));
export type UserIdParams = z.infer<typeof UserIdParamsSchema>;
