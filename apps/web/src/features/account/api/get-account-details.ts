import { endpoints } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Account/details → the account, its addresses, contacts and their dated links. */
export const getAccountDetails = (accountId: bigint, signal?: AbortSignal) =>
  api.call(endpoints.accountDetails, { params: { accountId }, signal });

export const accountDetailsQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'details'],
    queryFn: ({ signal }) => getAccountDetails(accountId, signal),
  });

/** The current account's details; idle while `accountId` is null. */
export const useAccountDetails = (accountId: bigint | null) =>
  useQuery({ ...accountDetailsQuery(accountId ?? 0n), enabled: accountId !== null });
