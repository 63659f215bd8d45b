import { endpoints, type CreateDispute, type ResolveDispute } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Every dispute query starts with this key: a change to any dispute refreshes them all. */
export const DISPUTES_KEY = 'disputes';

/** Charge/items of one invoice: its lines with their ids, in bill order (what can be disputed). */
export const invoiceChargesQuery = (invoiceId: bigint) =>
  queryOptions({
    queryKey: ['invoice', invoiceId, 'charges'],
    queryFn: ({ signal }) =>
      api.call(endpoints.charges, { query: { dnfilter: `InvoiceId==${invoiceId}`, orderby: 'Id asc', take: 1000 }, signal }),
  });

/** Dispute/items with a dnfilter (e.g. one invoice's, the pending ones; '' for all), newest first unless `orderby` says. */
export const disputesQuery = (dnfilter: string, orderby?: string) =>
  queryOptions({
    queryKey: [DISPUTES_KEY, dnfilter, orderby ?? null],
    queryFn: ({ signal }) =>
      api.call(endpoints.disputes, {
        query: { ...(dnfilter ? { dnfilter } : {}), ...(orderby ? { orderby } : {}), take: 200, count: 'true' },
        signal,
      }),
  });

export const createDispute = (body: CreateDispute) => api.call(endpoints.createDispute, { body });

export const reviewDispute = (id: bigint) => api.call(endpoints.reviewDispute, { params: { id } });

export const resolveDispute = (id: bigint, body: ResolveDispute) => api.call(endpoints.resolveDispute, { params: { id }, body });
