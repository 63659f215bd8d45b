import { notificationPath, type Notification } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n/translate';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/lib/i18n/use-format';
import { clearAllNotifications, clearNotification, notificationKey, notificationListQuery } from '../api/notifications';
import { notificationText, type Wording } from '../rules';

export interface NotificationPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: bigint;
}

/**
 * The notifications of the selected account, newest first, each with Clear, and Clear all (confirmed). A
 * modal dialog: focus moves in, Escape closes it, and focus goes back to the bell.
 */
export function NotificationPanel({ open, onOpenChange, accountId }: NotificationPanelProps) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const queryClient = useQueryClient();
  const list = useQuery({ ...notificationListQuery(accountId), enabled: open });
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const heading = useRef<HTMLParagraphElement>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKey(accountId) });
  const clearOne = useMutation({
    mutationFn: (id: bigint) => clearNotification(id),
    onSuccess: async () => {
      await refresh();
      setStatus({ tone: 'success', text: t('cleared') });
      // The cleared row and its button are gone: keep focus in the panel, on its text.
      heading.current?.focus();
    },
    onError: () => setStatus({ tone: 'error', text: t('clearError') }),
  });
  const wording: Wording = {
    t: (key, values) => t(key as never, values as never) as unknown as string,
    money: (amount, currency) => format.currency(Number(amount), currency),
    day: (day) => format.date(day),
    number: (n) => new Intl.NumberFormat(format.language === 'fr' ? 'fr-CA' : 'en-US').format(Number(n)),
  };
  const items = list.data?.value ?? [];
  const count = list.data?.count ?? items.length;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setStatus(null);
        onOpenChange(next);
      }}
      title={t('title')}
      description={t('description')}
      footer={
        items.length > 0 ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('clearAll')}
          </Button>
        ) : undefined
      }
    >
      <p ref={heading} tabIndex={-1} className="sr-only">
        {t('title')}
      </p>
      {status && (
        <Banner tone={status.tone} className="mb-3">
          {status.text}
        </Banner>
      )}
      {list.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : list.isError ? (
        <Banner tone="error">{t('loadError')}</Banner>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-fg-muted">{t('empty')}</p>
      ) : (
        <>
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <NotificationItem
                key={String(item.id)}
                item={item}
                text={notificationText(item, wording)}
                when={format.dateTime(item.createdAt, 'list')}
                clearing={clearOne.isPending && clearOne.variables === item.id}
                onClear={() => clearOne.mutate(item.id)}
                onOpen={() => onOpenChange(false)}
              />
            ))}
          </ul>
          {count > items.length && <p className="mt-3 text-sm text-fg-muted">{t('more', { shown: items.length, count })}</p>}
        </>
      )}
      <ConfirmActionDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('clearAllTitle')}
        confirmLabel={t('clearAll')}
        workingLabel={t('clearing')}
        action={() => clearAllNotifications(accountId)}
        onDone={async () => {
          await refresh();
          setStatus({ tone: 'success', text: t('allCleared') });
        }}
        onFailed={() => setStatus({ tone: 'error', text: t('clearAllError') })}
      >
        {t('clearAllText', { count })}
      </ConfirmActionDialog>
    </Dialog>
  );
}

interface NotificationItemProps {
  item: Notification;
  text: string;
  when: string;
  clearing: boolean;
  onClear: () => void;
  /** The link was followed: the panel closes as the page it names opens. */
  onOpen: () => void;
}

function NotificationItem({ item, text, when, clearing, onClear, onOpen }: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="text-sm break-words">
          <Link to={notificationPath(item.kind, item.data)} className="text-link" onClick={onOpen}>
            {text}
          </Link>
        </p>
        <p className="mt-1 text-xs text-fg-muted">
          <time dateTime={item.createdAt}>{when}</time>
        </p>
      </div>
      <Button variant="secondary" size="sm" className="self-start" loading={clearing} loadingText={t('clearing')} aria-label={t('clearOne', { message: text })} onClick={onClear}>
        {t('clear')}
      </Button>
    </li>
  );
}
