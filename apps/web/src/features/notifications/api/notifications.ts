import { endpoints, type NotificationPreferences } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** How many notifications the panel lists (the newest; clearing shows the next ones). */
export const PANEL_TAKE = 50;

/**
 * Keys start with `['account', accountId]`: a payment, card or autopay change (refreshAccount) re-reads the
 * bell too, so a notification it caused shows without waiting for the next poll.
 */
export const notificationKey = (accountId: bigint) => ['account', accountId, 'notifications'] as const;

export const unreadCountKey = (accountId: bigint) => [...notificationKey(accountId), 'count'] as const;

/**
 * The bell's unread count: one row asked, counted. Never polled on a timer: every request counts as the
 * session's activity, so a poll would keep an idle session alive (the bell re-reads it on navigation instead).
 */
export const unreadCountQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: unreadCountKey(accountId),
    queryFn: async ({ signal }) =>
      (await api.call(endpoints.notifications, { query: { accountId, skip: 0, take: 1, count: 'true' }, signal })).count ?? 0,
  });

export const notificationListQuery = (accountId: bigint) =>
  queryOptions({
    queryKey: [...notificationKey(accountId), 'list'],
    queryFn: ({ signal }) => api.call(endpoints.notifications, { query: { accountId, skip: 0, take: PANEL_TAKE, count: 'true' }, signal }),
  });

export const clearNotification = (notificationId: bigint) => api.call(endpoints.clearNotification, { query: { notificationId } });

export const clearAllNotifications = (accountId: bigint) => api.call(endpoints.clearAllNotifications, { query: { accountId } });

/** The signed-in person's email choices (their own, whatever account is selected). */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: ['notification-preferences'],
    queryFn: ({ signal }) => api.call(endpoints.notificationPreferences, { signal }),
  });

export const savePreferences = (preferences: NotificationPreferences) => api.call(endpoints.saveNotificationPreferences, { body: preferences });
