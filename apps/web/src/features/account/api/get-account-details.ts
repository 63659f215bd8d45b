import { AccountDetailsResponseSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingApi } from '@/lib/api/client';

/** GET /b/v1/Account/details/{accountId} → AccountDetailsResponse (account, addresses, contacts and their links). */
export const getAccountDetails = (accountId: bigint, signal?: AbortSignal) =>
  billingApi.request({
    path: '/v1/Account/details/{accountId}',
    params: { accountId },
    schema: AccountDetailsResponseSchema,
    signal,
  });

export const accountDetailsQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'details'],
    queryFn: ({ signal }) => getAccountDetails(accountId, signal),
  });

/** The current account's details; idle while `accountId` is null. */
export const useAccountDetails = (accountId: bigint | null) =>
  useQuery({ ...accountDetailsQuery(accountId ?? 0n), enabled: accountId !== null });
