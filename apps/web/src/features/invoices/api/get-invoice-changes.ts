import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Invoice/{id}/changes → what changed against the previous invoice, in the language shown (docs/decisions/0037-a-bill-that-explains-itself.md). */
export const invoiceChangesQuery = (invoiceId: bigint, language: string) =>
  queryOptions({
    queryKey: ['invoice', invoiceId, 'changes', language],
    queryFn: ({ signal }) => api.call(endpoints.invoiceChanges, { params: { id: invoiceId }, signal }),
    // Two posted invoices' lines do not change.
    staleTime: Infinity,
  });

/** Invoice/calcforward → the account in the carrier's form at this invoice (ledger figures; they move with later credits). */
export const balanceForwardQuery = (invoiceId: bigint) =>
  queryOptions({
    queryKey: ['invoice', invoiceId, 'balance-forward'],
    queryFn: ({ signal }) => api.call(endpoints.balanceForward, { params: { invoiceId }, signal }),
  });
