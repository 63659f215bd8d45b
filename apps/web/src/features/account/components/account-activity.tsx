import type { AccountHistoryEntry } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cardLabel } from '@/lib/cards';
import { useFormat } from '@/lib/i18n/use-format';
import { accountHistoryQuery } from '../api/get-account-history';
import { AccountSection } from './account-section';

/** How many entries the list shows at first, and how many more each "Show more" adds. */
export const ACTIVITY_PAGE = 10;

/**
 * "Account activity": the account's latest changes — payments, cards, automatic payments, billing details —
 * with who made each and when. Support staff acting for the customer show as "Support staff" and their name.
 */
export function AccountActivity({ accountId }: { accountId: bigint }) {
  const { t } = useTranslation('account');
  const [take, setTake] = useState(ACTIVITY_PAGE);
  const history = useQuery(accountHistoryQuery(accountId, take));
  const entries = history.data?.value ?? [];
  const more = (history.data?.count ?? 0) > entries.length;
  return (
    <AccountSection id="account-activity" title={t('activity.title')} icon={<History />}>
      {history.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{t('activity.loading')}</span>
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : history.isError && !history.data ? (
        <Banner tone="error">
          {t('activity.loadError')}{' '}
          <Button variant="link" onClick={() => void history.refetch()}>
            {t('common:retry')}
          </Button>
        </Banner>
      ) : entries.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('activity.empty')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ol className="flex flex-col divide-y divide-border">
            {entries.map((entry) => (
              <ActivityItem key={String(entry.id)} entry={entry} />
            ))}
          </ol>
          {more && (
            <Button variant="secondary" className="self-start" disabled={history.isFetching} onClick={() => setTake((n) => n + ACTIVITY_PAGE)}>
              {history.isFetching ? t('activity.loadingMore') : t('activity.showMore')}
            </Button>
          )}
        </div>
      )}
    </AccountSection>
  );
}

function ActivityItem({ entry }: { entry: AccountHistoryEntry }) {
  const { t } = useTranslation('account');
  const f = useFormat();
  const what = t(`activity.actions.${entry.action}`, {
    amount: entry.amount !== null ? f.currency(entry.amount, entry.currency) : '',
    card: entry.card ? cardLabel(entry.card) : t('activity.aCard'),
    person: entry.person ?? '',
  });
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium break-words">{what}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
          {entry.actor.kind === 'staff' ? (
            <>
              <Badge tone="info">{t('activity.supportStaff')}</Badge>
              <span>{entry.actor.name ?? t('activity.unknownPerson')}</span>
            </>
          ) : entry.actor.kind === 'system' ? (
            <span>{t('activity.automatic')}</span>
          ) : entry.actor.kind === 'client' ? (
            <span>{t('activity.byClient', { name: entry.actor.name ?? t('activity.unknownClient') })}</span>
          ) : (
            <span>{entry.actor.name ?? t('activity.unknownPerson')}</span>
          )}
        </p>
      </div>
      <time dateTime={entry.at} className="shrink-0 text-sm text-fg-muted tabular-nums">
        {f.dateTime(entry.at)}
      </time>
    </li>
  );
}
