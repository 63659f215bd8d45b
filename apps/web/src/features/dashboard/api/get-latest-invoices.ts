import { DASHBOARD_INVOICE_COUNT, endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** The dashboard's filter: posted invoices of the account, newest invoice number first. */
export const latestInvoicesFilter = (accountId: bigint): string => `AccountId==${accountId} && State=="Posted"`;

/** Invoice/items: the 2 latest posted invoices. */
export const latestInvoicesQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'invoices', 'latest'],
    queryFn: ({ signal }) =>
      api.call(endpoints.invoices, {
        query: {
          dnfilter: latestInvoicesFilter(accountId),
          orderby: 'InvoiceNumber desc',
          skip: 0,
          take: DASHBOARD_INVOICE_COUNT,
        },
        signal,
      }),
  });
