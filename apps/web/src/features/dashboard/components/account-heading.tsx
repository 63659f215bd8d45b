import type { AccountDetailsResponse } from '@portal/contract';
import { useTranslation } from '@/lib/i18n/translate';
import { Skeleton } from '@/components/ui/skeleton';
import { accountDisplayName } from '@/features/account';

/**
 * "Account {number}" with the account's name below; the page's one h1 even while the account loads, as tall
 * then as its line of text (and the name's placeholder as its line), so the cards below do not move when it comes.
 */
export function AccountHeading({ details, failed }: { details: AccountDetailsResponse | undefined; failed: boolean }) {
  const { t } = useTranslation('dashboard');
  const number = details?.account.customerNo;
  return (
    <div className="mb-6">
      <h1 className="min-h-8 text-2xl font-semibold tracking-tight sm:min-h-9 sm:text-3xl">
        {number ? t('heading', { number }) : <span className="sr-only">{t('title')}</span>}
      </h1>
      {details ? (
        <p className="mt-1 text-fg-muted">{accountDisplayName(details.account)}</p>
      ) : (
        !failed && <Skeleton className="mt-1 h-6 w-64 max-w-full" />
      )}
    </div>
  );
}
