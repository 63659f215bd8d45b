import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** PaymentMethod/methods → the account's saved cards, default first. */
export const getPaymentMethods = (accountId: bigint, signal?: AbortSignal) =>
  api.call(endpoints.paymentMethods, { params: { accountId }, signal });

export const paymentMethodsQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'payment-methods'],
    queryFn: async ({ signal }) => (await getPaymentMethods(accountId, signal)).value,
  });
