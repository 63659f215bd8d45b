import { endpoints, type UsageRecordsQuery } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Usage/summary: This period of the account. */
export const usageSummaryQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'usage', 'summary'],
    queryFn: ({ signal }) => api.call(endpoints.usageSummary, { params: { accountId }, signal }),
  });

/** Usage/records: one page of the filtered records with their totals and daily series; the previous page stays while the next loads. */
export const usageRecordsQuery = (accountId: bigint, query: UsageRecordsQuery) =>
  queryOptions({
    queryKey: ['account', accountId, 'usage', 'records', query],
    queryFn: ({ signal }) => api.call(endpoints.usageRecords, { params: { accountId }, query, signal }),
    placeholderData: keepPreviousData,
  });
