import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

const LoadedCard = lazy(async () => ({ default: (await import('./invoice-disputes-card')).InvoiceDisputesCard }));
const LoadedRecordAction = lazy(async () => ({ default: (await import('./dispute-record-action')).DisputeRecordAction }));

/**
 * What the invoice and usage pages show of disputes, each loaded with the page that renders it: imported
 * statically through the feature's index, they would ride in those pages' chunks, and the chunk the router
 * loads for /admin/disputes would import both pages (docs/decisions/0021-chunks-follow-the-router.md).
 */
export function InvoiceDisputesCard(props: ComponentProps<typeof LoadedCard>) {
  return (
    <Suspense fallback={<Skeleton className="h-32 w-full rounded-xl" />}>
      <LoadedCard {...props} />
    </Suspense>
  );
}

export function DisputeRecordAction(props: ComponentProps<typeof LoadedRecordAction>) {
  return (
    <Suspense fallback={null}>
      <LoadedRecordAction {...props} />
    </Suspense>
  );
}
