import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { useLocation } from 'react-router';
import { lazyDialog } from '@/components/lazy-dialog';
import { cn } from '@/lib/cn';
import { useCurrentAccount } from '@/lib/current-account/current-account';
import { notificationKey, unreadCountKey, unreadCountQuery } from '../api/notifications';

/** The panel (list, clear, clear all) loads on the first opening: the bell itself stays a few hundred bytes in the layout. */
const NotificationPanel = lazyDialog(
  () => import('./notification-panel'),
  (m) => m.NotificationPanel,
);

/** Above this the badge says "99+" (the accessible name keeps the real count). */
const BADGE_MAX = 99;

/**
 * The top bar's bell: the selected account's unread count as a badge and in the button's name
 * ("Notifications, 3 unread"); it opens the notifications panel, which gives focus back to it on closing.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { t } = useTranslation('notifications');
  const { accountId } = useCurrentAccount();
  const [open, setOpen] = useState(false);
  const count = useQuery({ ...unreadCountQuery(accountId ?? 0n), enabled: accountId !== null });
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Each navigation (the person's own doing) re-reads a count older than the cache's 30 s: what the jobs added
  // in the background shows as they move around, without a timer.
  useEffect(() => {
    if (accountId !== null) void queryClient.refetchQueries({ queryKey: unreadCountKey(accountId), stale: true });
  }, [pathname, accountId, queryClient]);
  if (accountId === null) return null;
  const unread = count.data ?? 0;
  return (
    <>
      <button
        type="button"
        className={cn('relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-surface-2 sm:size-10', className)}
        aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
        aria-haspopup="dialog"
        onClick={() => {
          void queryClient.invalidateQueries({ queryKey: notificationKey(accountId) });
          setOpen(true);
        }}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs leading-5 font-semibold text-white dark:text-page"
          >
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        )}
      </button>
      <NotificationPanel open={open} onOpenChange={setOpen} accountId={accountId} />
    </>
  );
}
