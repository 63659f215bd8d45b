import { useTranslation } from '@/lib/i18n/translate';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** Placeholder lines of a card while its data loads, with a status text for screen readers. */
export function LoadingBlock({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span role="status" className="sr-only">
        {t('loading')}
      </span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cn('h-5', i === 0 ? 'h-9 w-40' : i % 2 ? 'w-3/4' : 'w-1/2')} />
      ))}
    </div>
  );
}
