import { endpoints, INVOICE_PAGE_SIZE } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { INVOICE_LIST_ORDER, pageSkip } from '../rules';

/**
 * Signed PDF links in the list expire after 10 minutes (server DOCUMENT_LINK_TTL_SECONDS): a list left open
 * is re-read well before, so "Download PDF" never leads to an expired link.
 */
export const DOCUMENT_LINK_REFRESH_MS = 5 * 60_000;

/** Invoice/items: one page of posted invoices, newest period first, counted. */
export const getInvoices = (dnfilter: string, page: number, signal?: AbortSignal) =>
  api.call(endpoints.invoices, {
    query: { dnfilter, orderby: INVOICE_LIST_ORDER, skip: pageSkip(page), take: INVOICE_PAGE_SIZE, count: 'true' },
    signal,
  });

/**
 * The list page for a filter (built by `invoiceListFilter`) and a 1-based page. The previous page stays on
 * screen while the next one loads, so paging and searching do not flash a skeleton.
 */
export const invoiceListQuery = (accountId: bigint, dnfilter: string, page: number) =>
  queryOptions({
    queryKey: ['account', accountId, 'invoices', 'list', { dnfilter, page }],
    queryFn: ({ signal }) => getInvoices(dnfilter, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DOCUMENT_LINK_REFRESH_MS,
  });
