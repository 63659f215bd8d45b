import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Invoice/content?summary → the Billing To block and the charges grouped by category. */
export const getInvoiceContent = (invoiceId: bigint, signal?: AbortSignal) =>
  api.call(endpoints.invoiceContent, {
    params: { invoiceId },
    // `summary` only has to be present.
    query: { summary: '' },
    signal,
  });

export const invoiceContentQuery = (invoiceId: bigint) =>
  queryOptions({
    queryKey: ['invoice', invoiceId, 'content'],
    queryFn: ({ signal }) => getInvoiceContent(invoiceId, signal),
    // A posted invoice's content does not change.
    staleTime: Infinity,
  });
