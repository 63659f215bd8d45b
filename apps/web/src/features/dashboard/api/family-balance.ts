import { endpoints, type PayAllRequest } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Billing/family/{accountId}: the consolidated balance of an account and its sub-accounts (docs/decisions/0036-refunds-and-pay-all.md). */
export const familyBalanceQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'family-balance'],
    queryFn: ({ signal }) => api.call(endpoints.familyBalance, { params: { accountId }, signal }),
  });

/** Payment/payall: one card payment for the whole family; the key makes a repeat charge once. */
export const payAll = (body: PayAllRequest, idempotencyKey: string) =>
  api.call(endpoints.payAll, { body, headers: { 'Idempotency-Key': idempotencyKey } });
