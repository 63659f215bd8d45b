import { PaymentMethodEntrySchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { billingApi } from '@/lib/api/client';

const PaymentMethodsSchema = z.object({ value: z.array(PaymentMethodEntrySchema) });

/** GET /b/v1/PaymentMethod/methods/{accountId} → the account's saved cards, default first. */
export const getPaymentMethods = (accountId: bigint, signal?: AbortSignal) =>
  billingApi.request({
    path: '/v1/PaymentMethod/methods/{accountId}',
    params: { accountId },
    schema: PaymentMethodsSchema,
    signal,
  });

export const paymentMethodsQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'payment-methods'],
    queryFn: async ({ signal }) => (await getPaymentMethods(accountId, signal)).value,
  });

/** The saved cards of an account; idle while `accountId` is null. */
export const usePaymentMethods = (accountId: bigint | null) =>
  useQuery({ ...paymentMethodsQuery(accountId ?? 0n), enabled: accountId !== null });
