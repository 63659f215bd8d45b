import { InvoiceUrlsSchema, type DocumentUrl, type InvoiceUrls } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { billingApi } from '@/lib/api/client';
import { DOCUMENT_LINK_REFRESH_MS } from './get-invoices';

/** GET /b/v1/Billing/InvoiceURLs/{invoiceId} → short-lived signed PDF and CDR links (no bearer needed). */
export const getInvoiceUrls = (invoiceId: bigint, signal?: AbortSignal) =>
  billingApi.request({ path: '/v1/Billing/InvoiceURLs/{invoiceId}', params: { invoiceId }, schema: InvoiceUrlsSchema, signal });

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
