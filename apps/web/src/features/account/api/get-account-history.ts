import { endpoints } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/**
 * Account/{accountId}/history: the newest `take` entries of the account's activity, counted. The key starts
 * with `['account', accountId]`, so every payment, card, autopay or details change re-reads it.
 */
export const accountHistoryQuery = (accountId: bigint, take: number) =>
  queryOptions({
    queryKey: ['account', accountId, 'history', take],
    queryFn: ({ signal }) => api.call(endpoints.accountHistory, { params: { accountId }, query: { skip: 0, take, count: 'true' }, signal }),
    // "Show more" keeps the entries already shown while the longer page loads.
    placeholderData: keepPreviousData,
  });
