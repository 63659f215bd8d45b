import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

const Loaded = lazy(async () => ({ default: (await import('./email-preferences')).EmailPreferences }));

/**
 * The email choices load with Account Information only: imported statically through the feature's index, they
 * would ride in the chunk the portal layout shares with it (the bell), on every page.
 */
export function EmailPreferences() {
  return (
    <Suspense fallback={<Skeleton className="h-72 w-full rounded-xl" />}>
      <Loaded />
    </Suspense>
  );
}
