import { endpoints, type DocumentUrl, type InvoiceUrls } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { DOCUMENT_LINK_REFRESH_MS } from './get-invoices';

/** Billing/InvoiceURLs → short-lived signed PDF and CDR links (no bearer needed). */
export const getInvoiceUrls = (invoiceId: bigint, signal?: AbortSignal) =>
  api.call(endpoints.invoiceUrls, { params: { invoiceId }, signal });

/** The links expire after 10 minutes: re-read every 5 while the page is open, so a click never hits an expired one. */
export const invoiceUrlsQuery = (invoiceId: bigint) =>
  queryOptions({
    queryKey: ['invoice', invoiceId, 'urls'],
    queryFn: ({ signal }) => getInvoiceUrls(invoiceId, signal),
    staleTime: DOCUMENT_LINK_REFRESH_MS,
    refetchInterval: DOCUMENT_LINK_REFRESH_MS,
  });

/** The link of one document ("PDF" or "CDRs"), or null. */
export const documentUrl = (urls: InvoiceUrls | undefined, name: DocumentUrl['name']): string | null =>
  urls?.urls.find((u) => u.name === name)?.url ?? null;
