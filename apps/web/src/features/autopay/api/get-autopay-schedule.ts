import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Account/autopay → the saved schedule (kept while off) and, when on, the next run date. */
export const getAutopaySchedule = (accountId: bigint, signal?: AbortSignal) =>
  api.call(endpoints.autopaySchedule, { params: { accountId }, signal });

export const autopayScheduleQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'autopay'],
    queryFn: ({ signal }) => getAutopaySchedule(accountId, signal),
  });
