import type { QueryClient } from '@tanstack/react-query';

/**
 * After a payment, card or autopay change: everything of the account (home model and balances, invoice lists
 * — the dashboard's too —, cards, autopay, details) and every open invoice is re-read. Query keys start with
 * `['account', accountId]` or `['invoice', invoiceId]` (see the features' api folders).
 */
export const refreshAccount = (queryClient: QueryClient, accountId: bigint): Promise<void> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['account', accountId] }),
    queryClient.invalidateQueries({ queryKey: ['invoice'] }),
  ]).then(() => undefined);
