import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Field, Input, Select } from '@/components/ui/field';
import { INVOICE_PERIODS, isInvoicePeriod, type InvoicePeriod } from '../rules';

export interface InvoiceFiltersProps {
  period: InvoicePeriod;
  onPeriodChange: (period: InvoicePeriod) => void;
  /** What is typed in the search box (applied after a short pause by the page). */
  search: string;
  onSearchChange: (text: string) => void;
}

/** Period filter (All Time / Last 3 Months / Last 6 Months / Last Year) and the "Search invoices..." box. */
export function InvoiceFilters({ period, onPeriodChange, search, onSearchChange }: InvoiceFiltersProps) {
  const { t } = useTranslation('invoices');
  const hintId = useId();
  return (
    <div role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field label={t('list.search')} hideLabel className="flex-1">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={search}
            placeholder={t('list.searchPlaceholder')}
            onChange={(e) => onSearchChange(e.target.value)}
            aria-describedby={hintId}
            autoComplete="off"
            enterKeyHint="search"
            className="pr-11 pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {search && (
            <button
              type="button"
              onClick={() => onSearchChange('')}
              className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-fg-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
            >
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('list.clearSearch')}</span>
            </button>
          )}
        </div>
        <span id={hintId} className="sr-only">
          {t('list.searchHint')}
        </span>
      </Field>
      <Field label={t('list.period')} className="sm:w-56">
        <Select value={period} onChange={(e) => isInvoicePeriod(e.target.value) && onPeriodChange(e.target.value)}>
          {INVOICE_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`list.periods.${p}`)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
