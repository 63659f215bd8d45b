import { endpoints, type ApproveUserRequest, type UserStatus } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Users for Admin (docs/decisions/0006-where-the-spec-is-wrong.md): those awaiting approval first, then by name; filtered on the server. */
export const usersQuery = ({ search = '', status = '' }: { search?: string; status?: UserStatus | '' } = {}) =>
  queryOptions({
    queryKey: ['users', { search, status }],
    queryFn: ({ signal }) =>
      api.call(endpoints.listUsers, { query: { ...(search ? { search } : {}), ...(status ? { status } : {}) }, signal }),
  });

/** Sets the user's account scopes and roles and makes them active (approve, edit access, enable). */
export const approveUser = (id: bigint, body: ApproveUserRequest) => api.call(endpoints.approveUser, { params: { id }, body });

export const disableUser = (id: bigint) => api.call(endpoints.disableUser, { params: { id } });

/** Turns the user's two-factor sign-in off (they lost their device) and ends their sessions. */
export const resetTwoFactor = (id: bigint) => api.call(endpoints.resetUserTwoFactor, { params: { id } });

/** Ends the user's sign-in lockout, and with `sendResetLink` emails them a password reset link. */
export const liftLockout = (id: bigint, sendResetLink: boolean) => api.call(endpoints.liftUserLockout, { params: { id }, body: { sendResetLink } });

/** A single-use sign-in link `{token, expiresAt}` to hand to the user. */
export const issueOneTimeLogin = (id: bigint) => api.call(endpoints.issueOneTimeLogin, { params: { id } });
