import { endpoints, type ApproveUserRequest } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Users awaiting approval (decisions §5). */
export const pendingUsersQuery = () =>
  queryOptions({
    queryKey: ['users', 'pending'],
    queryFn: ({ signal }) => api.call(endpoints.listUsers, { query: { status: 'pending' }, signal }),
  });

/** Activates the user with those account scopes and roles. */
export const approveUser = (id: bigint, body: ApproveUserRequest) => api.call(endpoints.approveUser, { params: { id }, body });

export const disableUser = (id: bigint) => api.call(endpoints.disableUser, { params: { id } });

/** A single-use sign-in link `{token, expiresAt}` to hand to the user. */
export const issueOneTimeLogin = (id: bigint) => api.call(endpoints.issueOneTimeLogin, { params: { id } });
