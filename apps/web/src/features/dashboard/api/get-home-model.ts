import { HomeModelSchema } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { billingApi } from '@/lib/api/client';

/** GET /b/v1/Billing/GetClientHomeModel/{accountId} → balances, recent payments, payment due date. */
export const homeModelQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'home-model'],
    queryFn: ({ signal }) =>
      billingApi.request({
        path: '/v1/Billing/GetClientHomeModel/{accountId}',
        params: { accountId },
        schema: HomeModelSchema,
        signal,
      }),
  });
