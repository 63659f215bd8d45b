import { cn } from '@/lib/cn';

/**
 * Placeholder block shown while data loads. Decorative (aria-hidden): pair it with a visually hidden
 * "Loading..." status (e.g. <Spinner> or an sr-only role="status") so screen readers know what is happening.
 */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-skeleton', className)} />;
}
