import type { ReactNode, Ref } from 'react';
import { Spinner } from '@/components/ui/spinner';

export interface RefreshingResultsProps {
  /** Focused after a page change, so keyboard and screen-reader users land on the new rows. */
  ref?: Ref<HTMLDivElement>;
  /** A request for these results is in flight. */
  fetching: boolean;
  /** The rows shown are the previous answer's while the next one loads. */
  updating: boolean;
  /** Announced while updating ("Updating…"). */
  updatingStatus: string;
  /** Announced once the rows are there ("25 results, page 2 of 4"; empty when there are none). */
  resultsStatus: string;
  children: ReactNode;
}

/**
 * A paged list's results: announced by a polite status line, and kept on screen, dimmed under a spinner,
 * while the next page or filter loads (no jump to a skeleton between pages).
 */
export function RefreshingResults({ ref, fetching, updating, updatingStatus, resultsStatus, children }: RefreshingResultsProps) {
  return (
    <div ref={ref} tabIndex={-1} className="relative outline-none" aria-busy={fetching || undefined}>
      <p role="status" className="sr-only">
        {updating ? updatingStatus : resultsStatus}
      </p>
      {updating && (
        <div className="absolute inset-x-0 top-3 z-10 flex justify-center" aria-hidden="true">
          <span className="rounded-full border border-border bg-surface px-3 py-1.5 shadow">
            <Spinner size="sm" label={null} />
          </span>
        </div>
      )}
      <div className={updating ? 'opacity-60 transition-opacity' : undefined}>{children}</div>
    </div>
  );
}
