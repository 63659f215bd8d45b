import { endpoints, type UsageAlertSettings, type UsageLimitInput } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Usage/alerts: the account's alert choices (the defaults until chosen). */
export const usageAlertsQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'usage', 'alerts'],
    queryFn: ({ signal }) => api.call(endpoints.usageAlerts, { params: { accountId }, signal }),
  });

export const saveUsageAlerts = (accountId: bigint, body: UsageAlertSettings) => api.call(endpoints.usageAlertsUpdate, { params: { accountId }, body });

/** Usage/limit: the spending limit and what this period used of it. */
export const usageLimitQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: ['account', accountId, 'usage', 'limit'],
    queryFn: ({ signal }) => api.call(endpoints.usageLimit, { params: { accountId }, signal }),
  });

export const saveUsageLimit = (accountId: bigint, body: UsageLimitInput) => api.call(endpoints.usageLimitUpdate, { params: { accountId }, body });
