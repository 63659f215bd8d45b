import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Invoice/details → the invoice, what it owes, its receivable and its payments. */
export const getInvoiceDetails = (invoiceId: bigint, signal?: AbortSignal) =>
  api.call(endpoints.invoiceDetails, { params: { id: invoiceId }, signal });

export const invoiceDetailsQuery = (invoiceId: bigint) =>
  queryOptions({
    queryKey: ['invoice', invoiceId, 'details'],
    queryFn: ({ signal }) => getInvoiceDetails(invoiceId, signal),
  });
