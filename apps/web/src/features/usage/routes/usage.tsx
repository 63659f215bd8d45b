import type { UsageRecords, UsageSortField } from '@portal/contract';
import { USAGE_SORT_FIELDS } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Building2, Download, FileSearch } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { useSearchParams } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Select } from '@/components/ui/field';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { RefreshingResults } from '@/components/ui/refreshing-results';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/client';
import { useAccountTimeZone } from '@/features/account';
import { useCurrentAccount } from '@/lib/current-account/current-account';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { usePageTitle } from '@/lib/use-page-title';
import { useTableFits } from '@/lib/use-table-fits';
import { exportUsage } from '../api/export-usage';
import { usageRecordsQuery, usageSummaryQuery } from '../api/get-usage';
import { DailyChart } from '../components/daily-chart';
import { ThisPeriod } from '../components/this-period';
import { UsageControls } from '../components/usage-controls';
import { useUsageUnits } from '../components/units';
import { UsageFiltersForm } from '../components/usage-filters';
import { UsageCards, UsageTable } from '../components/usage-records';
import { usageLocales } from '../locales';
import {
  exportProblem,
  nextSort,
  pageCount,
  readUsageState,
  usageFilterQuery,
  usageRecordsQuery as recordsQueryOf,
  usageStateParams,
  type UsageFilters,
  type UsageState,
} from '../rules';

await registerLocales('usage', usageLocales);

/**
 * /usage: This period against the plan with the estimated next bill, then the explorer of
 * the call detail records — filters, daily chart, sortable table (cards on phones), totals, pages and the CSV
 * export of exactly the filtered set. Filters, sort and page live in the URL.
 */
export function UsagePage() {
  const { t } = useTranslation('usage');
  const { t: tc } = useTranslation();
  usePageTitle(t('title'));
  const { accountId, isLoading: selecting } = useCurrentAccount();
  return (
    <>
      <PageHeader title={t('title')} description={t('intro')} back={<BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>} />
      {accountId !== null ? (
        <Usage accountId={accountId} />
      ) : selecting ? (
        <BlockSkeleton label={t('period.loading')} />
      ) : (
        <Card>
          <EmptyState icon={<Building2 />} title={t('chooseAccountTitle')} description={t('chooseAccountText')} />
        </Card>
      )}
    </>
  );
}

function Usage({ accountId }: { accountId: bigint }) {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const timeZone = useAccountTimeZone(accountId, now);
  const state = readUsageState(params, now, timeZone);
  const stateRef = useRef(state);
  stateRef.current = state;
  const update = (patch: Partial<UsageState>, replace = false) =>
    setParams(usageStateParams({ ...stateRef.current, ...patch }, new Date(), timeZone), { replace, preventScrollReset: true });

  return (
    <div className="flex flex-col gap-6">
      <PeriodPanel accountId={accountId} />
      <UsageFiltersForm value={filtersOf(state)} onApply={(filters) => update({ ...filters, page: 1 })} onReset={() => setParams(new URLSearchParams())} />
      <Explorer accountId={accountId} timeZone={timeZone} state={state} update={update} />
    </div>
  );
}

const filtersOf = (state: UsageState): UsageFilters => ({
  from: state.from,
  to: state.to,
  type: state.type,
  direction: state.direction,
  number: state.number,
  roaming: state.roaming,
  minAmount: state.minAmount,
});

function PeriodPanel({ accountId }: { accountId: bigint }) {
  const { t } = useTranslation('usage');
  const query = useQuery(usageSummaryQuery(accountId));
  if (query.isPending) return <BlockSkeleton label={t('period.loading')} />;
  if (query.isError) {
    return (
      <Banner tone="error">
        {t('period.loadError')}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Banner>
    );
  }
  return (
    <>
      <ThisPeriod summary={query.data} />
      <UsageControls accountId={accountId} currency={query.data.currency} />
    </>
  );
}

function Explorer({
  accountId,
  timeZone,
  state,
  update,
}: {
  accountId: bigint;
  timeZone: string;
  state: UsageState;
  update: (patch: Partial<UsageState>, replace?: boolean) => void;
}) {
  const { t } = useTranslation('usage');
  const f = useFormat();
  const query = useQuery(usageRecordsQuery(accountId, recordsQueryOf(state)));
  // How far back records go (USAGE_RETENTION_MONTHS): the summary's, which This period has asked for already.
  const kept = useQuery(usageSummaryQuery(accountId)).data?.recordsKept;
  const resultsRef = useRef<HTMLDivElement>(null);
  const data = query.data;
  // The sortable table where it fits the card, else cards with the sort chosen in a list above them.
  const table = useTableFits(data?.value);
  const total = data?.count ?? 0;
  const pages = pageCount(total);
  const exporting = useMutation({ mutationFn: () => exportUsage(accountId, usageFilterQuery(state)) });

  // A page beyond the last (an old link, or other filters): go to the last page instead.
  useEffect(() => {
    if (data && !query.isPlaceholderData && state.page > pages) update({ page: pages }, true);
  }, [data, query.isPlaceholderData, state.page, pages, update]);

  const sort = (field: UsageSortField) => update({ ...nextSort(state, field), page: 1 });
  const changePage = (page: number) => {
    update({ page });
    // Keyboard and screen reader users continue at the top of the new page, not at the pagination.
    resultsRef.current?.focus();
  };

  return (
    <>
      {data && <DailyChart days={data.daily} from={state.from} to={state.to} />}
      <Card as="section" aria-labelledby="usage-records-title" className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="usage-records-title" className="text-base font-semibold text-fg">
            {t('records.title')}
          </h2>
          <Button
            variant="secondary"
            size="sm"
            loading={exporting.isPending}
            loadingText={t('records.exporting')}
            onClick={() => exporting.mutate()}
          >
            <Download className="size-4" aria-hidden="true" />
            {t('records.export')}
          </Button>
        </div>
        {kept && <p className="text-sm text-fg-muted">{t('records.kept', { months: kept.months, from: f.date(kept.from) })}</p>}
        {exporting.isError && (
          <Banner tone="error" onDismiss={() => exporting.reset()}>
            {exportProblem(exporting.error instanceof ApiError ? exporting.error.status : undefined) === 'busy'
              ? t('records.exportBusy')
              : t('records.exportError')}
          </Banner>
        )}
        {query.isPending ? (
          <BlockSkeleton label={t('records.loading')} />
        ) : query.isError && !data ? (
          <Banner tone="error">
            {t('records.loadError')}{' '}
            <Button variant="link" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Banner>
        ) : data ? (
          <>
            <Totals data={data} />
            {!table.fits && <SortSelect state={state} onSort={(sortBy, descending) => update({ sort: sortBy, descending, page: 1 })} />}
            <RefreshingResults
              ref={resultsRef}
              fetching={query.isFetching}
              updating={query.isPlaceholderData}
              updatingStatus={t('records.updating')}
              resultsStatus={data.value.length > 0 ? t('records.results', { count: total, page: state.page, pages }) : ''}
            >
              {data.value.length === 0 ? (
                <EmptyState icon={<FileSearch />} level={3} title={t('records.empty')} description={t('records.emptyHint')} />
              ) : (
                <div ref={table.ref} className="min-w-0">
                  {table.fits ? (
                    <UsageTable records={data.value} currency={data.currency} timeZone={timeZone} sort={state.sort} descending={state.descending} onSort={sort} />
                  ) : (
                    <UsageCards records={data.value} currency={data.currency} timeZone={timeZone} />
                  )}
                </div>
              )}
            </RefreshingResults>
            <Pagination page={Math.min(state.page, pages)} totalPages={pages} onPageChange={changePage} label={t('records.pagination')} />
          </>
        ) : null}
      </Card>
    </>
  );
}

function Totals({ data }: { data: UsageRecords }) {
  const { t } = useTranslation('usage');
  const f = useFormat();
  const units = useUsageUnits();
  const items = [
    [t('records.totalCount'), units.number(data.totals.count)],
    [t('records.totalDuration'), units.duration(data.totals.durationSeconds)],
    [t('records.totalData'), units.data(data.totals.dataKb)],
    [t('records.totalAmount'), f.currency(data.totals.amount, data.currency)],
  ] as const;
  return (
    <section aria-labelledby="usage-totals-title">
      <h3 id="usage-totals-title" className="sr-only">
        {t('records.totals')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border bg-surface-2/50 px-3 py-2">
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className="text-base font-semibold text-fg tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Phones have no column headers to click: the same sorts from one list. */
function SortSelect({ state, onSort }: { state: UsageState; onSort: (field: UsageSortField, descending: boolean) => void }) {
  const { t } = useTranslation('usage');
  const value = `${state.sort} ${state.descending ? 'desc' : 'asc'}`;
  return (
    <Field label={t('records.sortLabel')}>
      <Select
        value={value}
        onChange={(event) => {
          const [field, direction] = event.target.value.split(' ');
          onSort(field as UsageSortField, direction === 'desc');
        }}
      >
        {USAGE_SORT_FIELDS.flatMap((field) =>
          (['desc', 'asc'] as const).map((direction) => (
            <option key={`${field} ${direction}`} value={`${field} ${direction}`}>
              {`${t(`records.columns.${field}`)}, ${t(direction === 'desc' ? 'records.sortedDescending' : 'records.sortedAscending')}`}
            </option>
          )),
        )}
      </Select>
    </Field>
  );
}

function BlockSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <p role="status" className="text-sm text-fg-muted">
        {label}
      </p>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full rounded-xl" />
      ))}
    </div>
  );
}

export { UsagePage as Component };
