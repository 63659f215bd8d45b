import { OneTimeLoginLinkSchema, UserSummarySchema, type ApproveUserRequest } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { authApi } from '@/lib/api/client';

/** GET /a/v1/Users?status=pending → UserSummary[] (decisions §5: users awaiting approval). */
export const pendingUsersQuery = () =>
  queryOptions({
    queryKey: ['users', 'pending'],
    queryFn: ({ signal }) =>
      authApi.request({ path: '/v1/Users', query: { status: 'pending' }, schema: z.array(UserSummarySchema), signal }),
  });

/** POST /a/v1/Users/{id}/approve {accountIds, roles}: activates the user with those account scopes. */
export const approveUser = (id: bigint, body: ApproveUserRequest) =>
  authApi.request({ method: 'POST', path: '/v1/Users/{id}/approve', params: { id }, body });

/** POST /a/v1/Users/{id}/disable. */
export const disableUser = (id: bigint) => authApi.request({ method: 'POST', path: '/v1/Users/{id}/disable', params: { id } });

/** POST /a/v1/Users/{id}/one-time-login → {token, expiresAt}: a single-use sign-in link to hand to the user. */
export const issueOneTimeLogin = (id: bigint) =>
  authApi.request({ method: 'POST', path: '/v1/Users/{id}/one-time-login', params: { id }, schema: OneTimeLoginLinkSchema });
