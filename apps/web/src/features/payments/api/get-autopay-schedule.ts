import { AutopayScheduleResponseSchema } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { billingApi } from '@/lib/api/client';

/** GET /b/v1/Account/{accountId}/autopay → the saved schedule (kept while off) and, when on, the next run date. */
export const getAutopaySchedule = (accountId: bigint, signal?: AbortSignal) =>
  billingApi.request({
    path: '/v1/Account/{accountId}/autopay',
    params: { accountId },
    schema: AutopayScheduleResponseSchema,
    signal,
  });

export const autopayScheduleQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'autopay'],
    queryFn: ({ signal }) => getAutopaySchedule(accountId, signal),
  });
