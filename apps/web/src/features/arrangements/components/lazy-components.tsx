import { lazy, Suspense, type ComponentProps } from 'react';

const LoadedCard = lazy(async () => ({ default: (await import('./arrangement-card')).ArrangementCard }));
const LoadedButton = lazy(async () => ({ default: (await import('./arrangement-card')).ArrangeToPayButton }));

/**
 * What the dashboard and the invoice page show of arrangements, loaded with the page that renders it
 * (docs/decisions/0021-chunks-follow-the-router.md).
 */
export function ArrangementCard(props: ComponentProps<typeof LoadedCard>) {
  return (
    <Suspense fallback={null}>
      <LoadedCard {...props} />
    </Suspense>
  );
}

export function ArrangeToPayButton(props: ComponentProps<typeof LoadedButton>) {
  return (
    <Suspense fallback={null}>
      <LoadedButton {...props} />
    </Suspense>
  );
}
