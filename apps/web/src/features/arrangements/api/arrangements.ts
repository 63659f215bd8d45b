import { endpoints, type CreateArrangement } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Every arrangement query of an account starts with this key: a change refreshes them all. */
export const arrangementsKey = (accountId: bigint) => ['account', accountId, 'arrangements'] as const;

/** Arrangement/options: whether the account may arrange, the amount and the windows. */
export const arrangementOptionsQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: [...arrangementsKey(accountId), 'options'],
    queryFn: ({ signal }) => api.call(endpoints.arrangementOptions, { params: { accountId }, signal }),
  });

/** The account's latest arrangement (Arrangement/items, newest first), or null when it never had one. */
export const latestArrangementQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: [...arrangementsKey(accountId), 'latest'],
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.arrangements, { query: { dnfilter: `AccountId==${accountId}`, take: 1 }, signal })).value[0] ?? null,
  });

/** PaymentPolicy/{accountId}: the provider's payment policy for the account (e.g. whether autopay may be turned off). */
export const paymentPolicyQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'payment-policy'],
    queryFn: ({ signal }) => api.call(endpoints.paymentPolicy, { params: { accountId }, signal }),
    staleTime: Infinity,
  });

export const createArrangement = (body: CreateArrangement) => api.call(endpoints.createArrangement, { body });

/** Staff: Arrangement/{id}/cancel. */
export const cancelArrangement = (id: bigint) => api.call(endpoints.cancelArrangement, { params: { id } });
