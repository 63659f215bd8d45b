import type { QueryClient } from '@tanstack/react-query';
import { paymentMethodsQuery } from './get-payment-methods';

/** After a card was added, removed or made default. */
export const refreshPaymentMethods = (queryClient: QueryClient, accountId: bigint): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: paymentMethodsQuery(accountId).queryKey });
