import { InvoiceContentSchema } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { billingApi } from '@/lib/api/client';

/** GET /b/v1/Invoice/content/{invoiceId}?summary → the Billing To block and the charges grouped by category. */
export const getInvoiceContent = (invoiceId: bigint, signal?: AbortSignal) =>
  billingApi.request({
    path: '/v1/Invoice/content/{invoiceId}',
    params: { invoiceId },
    // `summary` only has to be present (spec §7 "?summary").
    query: { summary: '' },
    schema: InvoiceContentSchema,
    signal,
  });

export const invoiceContentQuery = (invoiceId: bigint) =>
  queryOptions({
    queryKey: ['invoice', invoiceId, 'content'],
    queryFn: ({ signal }) => getInvoiceContent(invoiceId, signal),
    // A posted invoice's content does not change.
    staleTime: Infinity,
  });
