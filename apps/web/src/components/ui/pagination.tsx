import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { useTranslation } from '@/lib/i18n/translate';
import { cn } from '@/lib/cn';
import { paginationWindow } from './pagination-window';

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a page has several paginations. */
  label?: string;
  className?: string;
}

const PAGE_BUTTON =
  'inline-flex min-h-11 min-w-11 sm:min-h-9 sm:min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Previous / page numbers with ellipses / Next, as a navigation landmark.
 * The current page is marked aria-current="page". Renders nothing for a single page.
 */
export function Pagination({ page, totalPages, onPageChange, label, className }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const items = paginationWindow(page, totalPages);
  return (
    <nav aria-label={label ?? t('pagination.label')} className={cn('flex items-center justify-center', className)}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={cn(PAGE_BUTTON, 'gap-1 hover:bg-surface-2')}
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
          >
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
            <span>{t('pagination.previous')}</span>
          </button>
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-fg-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={cn(PAGE_BUTTON, item === page ? 'bg-brand text-brand-fg' : 'hover:bg-surface-2')}
                aria-current={item === page ? 'page' : undefined}
                aria-label={item === page ? t('pagination.currentPage', { page: item }) : t('pagination.page', { page: item })}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={cn(PAGE_BUTTON, 'gap-1 hover:bg-surface-2')}
            onClick={() => onPageChange(page + 1)}
            disabled={page >= totalPages}
          >
            <span>{t('pagination.next')}</span>
            <ChevronRightIcon className="size-4" aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
