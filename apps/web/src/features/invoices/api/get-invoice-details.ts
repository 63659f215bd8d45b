import { InvoiceDetailsSchema } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { billingApi } from '@/lib/api/client';

/** GET /b/v1/Invoice/details/{id} → the invoice, what it owes, its receivable and its payments. */
export const getInvoiceDetails = (invoiceId: bigint, signal?: AbortSignal) =>
  billingApi.request({ path: '/v1/Invoice/details/{id}', params: { id: invoiceId }, schema: InvoiceDetailsSchema, signal });

export const invoiceDetailsQuery = (invoiceId: bigint) =>
  queryOptions({
    queryKey: ['invoice', invoiceId, 'details'],
    queryFn: ({ signal }) => getInvoiceDetails(invoiceId, signal),
  });
