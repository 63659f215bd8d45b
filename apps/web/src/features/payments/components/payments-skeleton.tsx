import { useTranslation } from '@/lib/i18n/translate';
import { Skeleton } from '@/components/ui/skeleton';

/** The screen while its account, balance and cards load. */
export function PaymentsSkeleton() {
  const { t } = useTranslation('payments');
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
      <p role="status" className="sr-only">
        {t('page.loading')}
      </p>
      {[0, 1].map((column) => (
        <div key={column} className="flex flex-col gap-6">
          <Skeleton className="h-44 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ))}
    </div>
  );
}
