import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Billing/GetClientHomeModel → balances, recent payments, payment due date (the dashboard and payments screens). */
export const homeModelQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'home-model'],
    queryFn: ({ signal }) => api.call(endpoints.homeModel, { params: { accountId }, signal }),
  });
