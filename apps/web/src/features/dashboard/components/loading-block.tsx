import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/**
 * Placeholder lines of a card while its data loads, with a status text for screen readers. A card whose
 * loaded height is known passes skeletons of that shape instead, so nothing below it moves when it loads.
 */
export function LoadingBlock({ lines = 3, className, children }: { lines?: number; className?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex flex-col gap-3', className)} aria-busy="true">
      <span role="status" className="sr-only">
        {t('loading')}
      </span>
      {children ??
        Array.from({ length: lines }, (_, i) => <Skeleton key={i} className={cn('h-5', i === 0 ? 'h-9 w-40' : i % 2 ? 'w-3/4' : 'w-1/2')} />)}
    </div>
  );
}
