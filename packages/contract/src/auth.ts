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
