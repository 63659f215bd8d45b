import { useQuery } from '@tanstack/react-query';
import { Building2, FileSearch, FileSpreadsheet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { useSearchParams } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { RefreshingResults } from '@/components/ui/refreshing-results';
import { TableOrCards } from '@/components/ui/table-or-cards';
import { paths } from '@/config/paths';
import { useCurrentAccount } from '@/lib/current-account/current-account';
import { registerLocales } from '@/lib/i18n/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePageTitle } from '@/lib/use-page-title';
import { invoiceListQuery } from '../api/get-invoices';
import { InvoiceFilters } from '../components/invoice-filters';
import { InvoiceCards, InvoiceTable } from '../components/invoice-results';
import { StatementDialog } from '../components/lazy-statement-dialog';
import { useAccountToday } from '@/features/account';
import { invoicesLocales } from '../locales';
import { invoiceListFilter, listStateParams, pageCount, readListState, type InvoiceListState } from '../rules';

await registerLocales('invoices', invoicesLocales);

/** Typing pauses this long before the search runs (one request per word, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /invoices: period filter, search, table (cards on phones) and pagination. The
 * period, search and page live in the URL, so back/forward, reload and shared links show the same list.
 */
export function InvoiceListPage() {
  const { t } = useTranslation('invoices');
  const { t: tc } = useTranslation();
  usePageTitle(t('list.title'));
  const { accountId, isLoading: selecting } = useCurrentAccount();
  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.intro')}
        back={<BackLink to={paths.home}>{tc('backToDashboard')}</BackLink>}
        actions={accountId !== null ? <StatementAction accountId={accountId} /> : undefined}
      />
      {accountId !== null ? (
        <InvoiceList accountId={accountId} />
      ) : selecting ? (
        <ListSkeleton />
      ) : (
        <Card>
          <EmptyState icon={<Building2 />} title={t('chooseAccountTitle')} description={t('chooseAccountText')} />
        </Card>
      )}
    </>
  );
}

/** "Statement": opens the statement dialog; says when the file was downloaded. */
function StatementAction({ accountId }: { accountId: bigint }) {
  const { t } = useTranslation('invoices');
  const today = useAccountToday(accountId);
  const [open, setOpen] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        title={t('statement.openHint')}
        onClick={() => {
          setDownloaded(false);
          setOpen(true);
        }}
      >
        <FileSpreadsheet aria-hidden="true" className="size-4" />
        {t('statement.open')}
      </Button>
      <p role="status" className="sr-only">
        {downloaded ? t('statement.downloaded') : ''}
      </p>
      <StatementDialog open={open} onOpenChange={setOpen} accountId={accountId} today={today} onDownloaded={() => setDownloaded(true)} />
    </>
  );
}

function InvoiceList({ accountId }: { accountId: bigint }) {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const stateRef = useRef(state);
  stateRef.current = state;

  const update = (patch: Partial<InvoiceListState>, replace = false) =>
    setParams(listStateParams({ ...stateRef.current, ...patch }), { replace, preventScrollReset: true });

  // The box shows what is typed at once; the URL (and the query) follow after a pause. Typing replaces the
  // history entry, so Back leaves the search instead of undoing it letter by letter.
  const [text, setText] = useState(state.search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced.trim() !== stateRef.current.search) {
      setParams(listStateParams({ ...stateRef.current, search: debounced, page: 1 }), {
        replace: true,
        preventScrollReset: true,
      });
    }
  }, [debounced, setParams]);
  // Back/forward changed the search: show it in the box.
  useEffect(() => {
    setText((current) => (current.trim() === state.search ? current : state.search));
  }, [state.search]);

  return (
    <div className="flex flex-col gap-5">
      <InvoiceFilters
        period={state.period}
        onPeriodChange={(period) => update({ period, page: 1 })}
        search={text}
        onSearchChange={setText}
      />
      <InvoiceResults
        accountId={accountId}
        state={state}
        onPageChange={(page) => update({ page })}
        onPageClamp={(page) => update({ page }, true)}
      />
    </div>
  );
}

function InvoiceResults({
  accountId,
  state,
  onPageChange,
  onPageClamp,
}: {
  accountId: bigint;
  state: InvoiceListState;
  onPageChange: (page: number) => void;
  onPageClamp: (page: number) => void;
}) {
  const { t } = useTranslation('invoices');
  const filter = invoiceListFilter({ accountId, period: state.period, search: state.search, now: new Date() });
  const query = useQuery(invoiceListQuery(accountId, filter, state.page));
  const today = useAccountToday(accountId);
  const resultsRef = useRef<HTMLDivElement>(null);
  const data = query.data;
  const total = data?.count ?? data?.value.length ?? 0;
  const pages = pageCount(total);

  // A page beyond the last (an old link, or fewer invoices now): go to the last page instead.
  useEffect(() => {
    if (data && !query.isPlaceholderData && state.page > pages) onPageClamp(pages);
  }, [data, query.isPlaceholderData, state.page, pages, onPageClamp]);

  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !data) {
    return (
      <Banner tone="error">
        {t('list.loadError')}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          {t('common:retry')}
        </Button>
      </Banner>
    );
  }
  if (!data) return null;

  const changePage = (page: number) => {
    onPageChange(page);
    // Keyboard and screen reader users continue at the top of the new page, not at the pagination.
    resultsRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <RefreshingResults
        ref={resultsRef}
        fetching={query.isFetching}
        updating={query.isPlaceholderData}
        updatingStatus={t('list.updating')}
        resultsStatus={data.value.length > 0 ? t('list.results', { count: total, page: state.page, pages }) : ''}
      >
        {data.value.length === 0 ? (
          <Card>
            <EmptyState
              icon={<FileSearch />}
              title={state.search.trim() ? t('list.emptySearch', { search: state.search.trim() }) : t('list.empty')}
              description={state.period !== 'all' || state.search.trim() ? t('list.emptyHint') : undefined}
            />
          </Card>
        ) : (
          <TableOrCards
            content={data.value}
            table={<InvoiceTable invoices={data.value} today={today} />}
            cards={<InvoiceCards invoices={data.value} today={today} />}
          />
        )}
      </RefreshingResults>
      <Pagination page={Math.min(state.page, pages)} totalPages={pages} onPageChange={changePage} label={t('list.pagination')} />
    </div>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('invoices');
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <p role="status" className="text-sm text-fg-muted">
        {t('list.loading')}
      </p>
      {/* As tall as what comes: a card on a phone, a table row on a wide screen (the footer then stays put). */}
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-48 w-full rounded-xl md:h-14" />
      ))}
    </div>
  );
}

export { InvoiceListPage as Component };
