import type { InvoiceDetails } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, Download, FileQuestion, FileSpreadsheet } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAccountClosure } from '@/lib/current-account/current-account';
import { useTranslation } from '@/lib/i18n/translate';
import { Link, useParams } from 'react-router';
import { preloadOnIntent } from '@/components/lazy-dialog';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { BackLink, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api/client';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { SETTLING_POLL_MS } from '@/lib/payment-status';
import { usePageTitle } from '@/lib/use-page-title';
import { useCheckoutReturn } from '@/features/payment-methods';
import { InvoiceDisputesCard } from '@/features/disputes';
import { ArrangeToPayButton } from '@/features/arrangements';
import { useAccountToday } from '@/features/account';
import { PayModal, preloadPayModal } from '@/features/payments';
import { invoiceContentQuery } from '../api/get-invoice-content';
import { invoiceDetailsQuery } from '../api/get-invoice-details';
import { balanceForwardQuery, invoiceChangesQuery } from '../api/get-invoice-changes';
import { AccountSummaryCard, BillChangesCard } from '../components/bill-changes-card';
import { documentUrl, invoiceUrlsQuery } from '../api/get-invoice-urls';
import { BillingToCard } from '../components/billing-to-card';
import { ChargesCard } from '../components/charges-card';
import { InvoiceCreditsCard } from '../components/invoice-credits-card';
import { InvoicePaymentsCard } from '../components/invoice-payments-card';
import { InvoiceSummaryCard } from '../components/invoice-summary-card';
import { invoicesLocales } from '../locales';
import { canPayInvoice, hasSettlingPayment, parseInvoiceId } from '../rules';

await registerLocales('invoices', invoicesLocales);

/**
 * /invoices/{invoiceId}: heading with the period, PDF and CDR downloads, "Pay
 * Invoice" while something is owed, Billing To, charges, Invoice Summary and the invoice's payment history.
 */
export function InvoiceDetailPage() {
  const { t } = useTranslation('invoices');
  const invoiceId = parseInvoiceId(useParams().invoiceId);
  const details = useQuery({
    ...invoiceDetailsQuery(invoiceId ?? 0n),
    enabled: invoiceId !== null,
    // While one of its payments settles, re-read so the status and Amount Due update by themselves.
    refetchInterval: (query) => (query.state.data && hasSettlingPayment(query.state.data.payments) ? SETTLING_POLL_MS : false),
  });
  const notFound = invoiceId === null || (details.error instanceof ApiError && details.error.status === 404);
  const number = details.data?.invoice.invoiceNumber;
  usePageTitle(number ? t('detail.title', { number }) : notFound ? t('detail.notFoundTitle') : t('detail.titlePending'));

  const back = <BackLink to={paths.invoices}>{t('detail.backToInvoices')}</BackLink>;
  if (notFound) {
    return (
      <>
        <PageHeader title={t('detail.notFoundTitle')} back={back} />
        <Card>
          <EmptyState
            icon={<FileQuestion />}
            level={null}
            title={t('detail.notFoundText')}
            action={
              <Link to={paths.invoices} className={buttonClasses({ variant: 'secondary' })}>
                {t('detail.backToInvoices')}
              </Link>
            }
          />
        </Card>
      </>
    );
  }
  if (details.isError && !details.data) {
    return (
      <>
        <PageHeader title={t('detail.loadErrorFallback')} back={back} />
        <Banner tone="error">
          {t('detail.loadError')}{' '}
          <Button variant="link" onClick={() => void details.refetch()}>
            {t('detail.retry')}
          </Button>
        </Banner>
      </>
    );
  }
  if (!details.data || invoiceId === null) {
    return (
      <>
        <PageHeader title={t('detail.titlePending')} back={back} />
        <DetailSkeleton />
      </>
    );
  }
  return <InvoiceDetail key={String(invoiceId)} details={details.data} back={back} />;
}

function InvoiceDetail({ details, back }: { details: InvoiceDetails; back: ReactNode }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  const { invoice, owing } = details;
  const content = useQuery(invoiceContentQuery(invoice.id));
  const { i18n } = useTranslation();
  const changes = useQuery(invoiceChangesQuery(invoice.id, i18n.language));
  const forward = useQuery(balanceForwardQuery(invoice.id));
  const urls = useQuery(invoiceUrlsQuery(invoice.id));
  const [paying, setPaying] = useState(false);
  // A text, or a key translated when shown: the return from the checkout may come before the account's language is applied.
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string | { key: string } } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // A closed account's invoices are read, downloaded and no longer paid here.
  const closure = useAccountClosure(invoice.accountId);
  const payable = canPayInvoice(owing) && closure === null;
  const today = useAccountToday(invoice.accountId);

  useCheckoutReturn(invoice.accountId, {
    invoiceId: invoice.id,
    onReopenPayModal: () => setPaying(true),
    onAdded: () => setNotice({ tone: 'success', text: { key: 'detail.cardAdded' } }),
    onNotSaved: () => setNotice({ tone: 'error', text: { key: 'detail.cardAlreadySaved' } }),
  });

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const pdf = documentUrl(urls.data, 'PDF');
  const cdrs = documentUrl(urls.data, 'CDRs');
  const downloadClasses = buttonClasses({ variant: 'secondary' });

  return (
    <>
      <PageHeader
        title={t('detail.title', { number: invoice.invoiceNumber })}
        description={t('detail.period', { start: f.date(invoice.startDate, 'detail'), end: f.date(invoice.endDate, 'detail') })}
        back={back}
        actions={
          <>
            {pdf ? (
              <a href={pdf} download className={downloadClasses}>
                <Download className="size-4" aria-hidden="true" />
                {t('detail.downloadPdf')}
              </a>
            ) : null}
            {cdrs ? (
              <a href={cdrs} download className={downloadClasses}>
                <FileSpreadsheet className="size-4" aria-hidden="true" />
                {t('detail.downloadCdrs')}
              </a>
            ) : null}
            {urls.isPending && (
              <span role="status" className="inline-flex items-center text-sm text-fg-muted">
                {t('detail.documentsLoading')}
              </span>
            )}
            {payable && (
              <Button onClick={() => setPaying(true)} {...preloadOnIntent(preloadPayModal)}>
                <CreditCard className="size-4" aria-hidden="true" />
                {t('detail.payInvoice')}
              </Button>
            )}
            {payable && invoice.dueDate.slice(0, 10) < today && <ArrangeToPayButton accountId={invoice.accountId} />}
          </>
        }
      />

      <div className="flex flex-col gap-6">
        {changes.data && <BillChangesCard changes={changes.data} currency={invoice.currency} />}
        {changes.isError && <Banner tone="warning">{t('changes.loadError')}</Banner>}
        {(notice || urls.isError || hasSettlingPayment(details.payments)) && (
          <div ref={noticeRef} tabIndex={-1} className="flex flex-col gap-3 outline-none">
            {notice && (
              <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
                {typeof notice.text === 'string' ? notice.text : t(notice.text.key)}
              </Banner>
            )}
            {urls.isError && <Banner tone="warning">{t('detail.documentsError')}</Banner>}
            {hasSettlingPayment(details.payments) && (
              <Banner tone="info" title={null}>
                {t('detail.settling')}
              </Banner>
            )}
          </div>
        )}

        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex min-w-0 flex-col gap-6">
            <BillingToCard content={content.data} failed={content.isError} />
            {content.data?.summary && <ChargesCard summary={content.data.summary} currency={invoice.currency} />}
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <InvoiceSummaryCard details={details} />
            {forward.data && <AccountSummaryCard forward={forward.data} />}
          </div>
        </div>

        <InvoiceDisputesCard invoice={invoice} />

        {details.payments.length > 0 && <InvoicePaymentsCard payments={details.payments} />}

        {details.credits.length > 0 && <InvoiceCreditsCard credits={details.credits} />}
      </div>

      <PayModal
        open={paying}
        onOpenChange={setPaying}
        accountId={invoice.accountId}
        target={{ total: owing, currency: invoice.currency }}
        invoice={{ id: invoice.id, invoiceNumber: invoice.invoiceNumber, arId: details.arId }}
        invoiceDetail
        onPaid={({ amount, currency }) =>
          setNotice({
            tone: 'success',
            text: t('detail.paid', { amount: f.currency(amount, currency, { invoiceDetail: true }) }),
          })
        }
      />
    </>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]" aria-busy="true">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

export { InvoiceDetailPage as Component };
