import { AUTOPAY_ON, type AccountDetailsResponse, type HomeModel, type InvoiceListItem } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Building2, CalendarClock, CreditCard, Download, FileText, IdCard, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ExternalLink } from '@/components/ui/external-link';
import { Skeleton } from '@/components/ui/skeleton';
import { invoicePath, paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCurrentAccount } from '@/lib/current-account/current-account';
import { registerLocales } from '@/lib/i18n/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { usePageTitle } from '@/lib/use-page-title';
import { accountDetailsQuery } from '@/features/account/api/get-account-details';
import {
  accountDisplayName,
  addressLines,
  contactName,
  currentBillingAddress,
  currentBillingContact,
} from '@/features/account/rules';
import { homeModelQuery } from '../api/get-home-model';
import { latestInvoicesQuery } from '../api/get-latest-invoices';
import { dashboardLocales } from '../locales';
import { balanceViews, pdfUrl } from '../rules';

await registerLocales('dashboard', dashboardLocales);

/**
 * Home dashboard (spec §2): heading with the account number, a balance card per currency with the
 * payment-due line, latest posted bill with "View bill" / "Download PDF", account details panel, three tiles.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { accountId, isLoading: selecting } = useCurrentAccount();
  const enabled = accountId !== null;
  const details = useQuery({ ...accountDetailsQuery(accountId ?? 0n), enabled });
  const home = useQuery({ ...homeModelQuery(accountId ?? 0n), enabled });
  const invoices = useQuery({ ...latestInvoicesQuery(accountId ?? 0n), enabled });
  const number = details.data?.account.customerNo;
  usePageTitle(number ? t('heading', { number }) : t('title'));

  if (accountId === null && !selecting) {
    return (
      <>
        <h1 className="sr-only">{t('title')}</h1>
        <Card>
          <EmptyState icon={<Building2 />} title={t('chooseAccountTitle')} description={t('chooseAccountText')} />
        </Card>
        <Tiles />
      </>
    );
  }

  const failed = details.isError || home.isError;
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {number ? t('heading', { number }) : <span className="sr-only">{t('title')}</span>}
        </h1>
        {details.data ? (
          <p className="mt-1 text-fg-muted">{accountDisplayName(details.data.account)}</p>
        ) : (
          !failed && <Skeleton className="mt-1 h-9 w-64 max-w-full" />
        )}
      </div>

      {failed ? (
        <Banner tone="error" className="mb-6">
          {t('loadError')}
        </Banner>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <BalanceCard home={home.data} details={details.data} />
            <LatestBillCard invoice={invoices.data?.value[0]} loading={invoices.isPending} failed={invoices.isError} />
          </div>
          <AccountDetailsCard details={details.data} />
        </div>
      )}
      <Tiles />
    </>
  );
}

function LoadingBlock({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span role="status" className="sr-only">
        {t('loading')}
      </span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cn('h-5', i === 0 ? 'h-9 w-40' : i % 2 ? 'w-3/4' : 'w-1/2')} />
      ))}
    </div>
  );
}

function BalanceCard({ home, details }: { home: HomeModel | undefined; details: AccountDetailsResponse | undefined }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const ready = home && details;
  const views = ready ? balanceViews(home.balances, home.paymentDueDate, details.account.currency) : [];
  const autopay = details?.account.paymentMethod === AUTOPAY_ON;
  return (
    <Card as="section" aria-labelledby="balance-title">
      <CardHeader
        titleId="balance-title"
        title={t('balance.title')}
        icon={<CreditCard />}
        actions={
          <Link to={paths.payments} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('balance.makePayment')}
          </Link>
        }
      />
      <CardBody>
        {!ready ? (
          <LoadingBlock />
        ) : (
          <div className="flex flex-col gap-5">
            <ul className={cn('grid gap-4', views.length > 1 && 'sm:grid-cols-2')}>
              {views.map((view) => (
                <li key={view.currency} className="rounded-lg border border-border bg-surface-2/50 p-4">
                  {views.length > 1 && <p className="text-xs font-semibold text-fg-muted uppercase">{view.currency}</p>}
                  <p
                    className={cn(
                      'text-3xl font-semibold tabular-nums sm:text-4xl',
                      view.tone === 'danger' ? 'text-danger' : 'text-success',
                    )}
                  >
                    {f.currency(view.amount, view.currency)}
                  </p>
                  <p className="mt-1 text-sm font-medium">
                    {view.status === 'owing'
                      ? t('balance.owing')
                      : view.status === 'credit'
                        ? t('balance.credit')
                        : t('balance.noBalance')}
                  </p>
                  {view.status === 'owing' && (
                    <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-danger">
                      <CalendarClock className="size-4" aria-hidden="true" />
                      {view.dueDate
                        ? t('balance.paymentDue', { date: f.date(view.dueDate, 'detail') })
                        : t('balance.paymentDueNow')}
                    </p>
                  )}
                </li>
              ))}
            </ul>
            {autopay && (
              <p className="inline-flex items-center gap-2 text-sm font-medium text-success">
                <ShieldCheck className="size-4" aria-hidden="true" />
                {t('balance.autopay')}
              </p>
            )}
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function LatestBillCard({
  invoice,
  loading,
  failed,
}: {
  invoice: InvoiceListItem | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const pdf = invoice ? pdfUrl(invoice) : null;
  return (
    <Card as="section" aria-labelledby="latest-title">
      <CardHeader titleId="latest-title" title={t('latest.title')} icon={<FileText />} />
      <CardBody>
        {loading ? (
          <LoadingBlock lines={2} />
        ) : failed ? (
          <Banner tone="error">{t('loadError')}</Banner>
        ) : !invoice ? (
          <EmptyState level={3} className="py-4" title={t('latest.none')} description={t('latest.noneText')} />
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_auto]">
              <dt className="text-fg-muted">{t('latest.invoiceNumber')}</dt>
              <dd className="font-medium">#{invoice.invoiceNumber}</dd>
              <dt className="text-fg-muted">{t('latest.period')}</dt>
              <dd>
                {f.date(invoice.startDate, 'list')} – {f.date(invoice.endDate, 'list')}
              </dd>
              <dt className="text-fg-muted">{t('latest.dueDate')}</dt>
              <dd>{f.date(invoice.dueDate, 'list')}</dd>
              <dt className="text-fg-muted">{t('latest.amount')}</dt>
              <dd className="font-semibold tabular-nums">{f.currency(invoice.amount, invoice.currency)}</dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              <Link to={invoicePath(invoice.id)} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
                {t('latest.viewBill')}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
              {pdf && (
                <ExternalLink
                  href={pdf}
                  showIcon={false}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  aria-label={t('latest.downloadPdfFor', { number: invoice.invoiceNumber })}
                >
                  <Download className="size-4" aria-hidden="true" />
                  {t('latest.downloadPdf')}
                </ExternalLink>
              )}
            </div>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function AccountDetailsCard({ details }: { details: AccountDetailsResponse | undefined }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const address = details ? currentBillingAddress(details) : null;
  const contact = details ? currentBillingContact(details) : null;
  const na = <span className="text-fg-muted">{tc('notAvailable')}</span>;
  return (
    <Card as="section" aria-labelledby="details-title" className="h-fit">
      <CardHeader
        titleId="details-title"
        title={t('details.title')}
        icon={<IdCard />}
        actions={
          <Link to={paths.profile} className="text-sm text-link">
            {t('details.edit')}
          </Link>
        }
      />
      <CardBody>
        {!details ? (
          <LoadingBlock lines={4} />
        ) : (
          <dl className="flex flex-col gap-4">
            <DetailRow label={t('details.name')}>{accountDisplayName(details.account)}</DetailRow>
            <DetailRow label={t('details.invoiceEmail')}>{details.account.invoiceEmailAddress || na}</DetailRow>
            <DetailRow label={t('details.billingAddress')}>
              {address && addressLines(address).length ? (
                <address className="not-italic">
                  {addressLines(address).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              ) : (
                na
              )}
            </DetailRow>
            <DetailRow label={t('details.billingContact')}>
              {contact ? (
                <>
                  <span className="block">{contactName(contact) ?? tc('notAvailable')}</span>
                  {contact.primaryEmail && <span className="block text-fg-muted">{contact.primaryEmail}</span>}
                  {contact.primaryPhone && (
                    <span className="block text-fg-muted">
                      <span className="sr-only">{t('details.phone')}: </span>
                      {contact.primaryPhone}
                    </span>
                  )}
                </>
              ) : (
                na
              )}
            </DetailRow>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

/** The three tiles of spec §2; on wide screens they are the way to these pages (the top menu lists them on phones). */
function Tiles() {
  const { t } = useTranslation('dashboard');
  const tiles = [
    { to: paths.invoices, icon: FileText, title: t('tiles.invoicesTitle'), text: t('tiles.invoicesText') },
    { to: paths.payments, icon: CreditCard, title: t('tiles.paymentsTitle'), text: t('tiles.paymentsText') },
    { to: paths.profile, icon: IdCard, title: t('tiles.accountTitle'), text: t('tiles.accountText') },
  ];
  return (
    <nav aria-label={t('tiles.label')} className="mt-8">
      <ul className="grid gap-4 sm:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="group flex h-full items-start gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm transition hover:border-brand-text/40 hover:shadow-md"
            >
              <span
                aria-hidden="true"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-subtle text-brand-text"
              >
                <tile.icon className="size-5" />
              </span>
              <span className="flex flex-col gap-1">
                <span className="font-semibold text-fg group-hover:text-brand-text">{tile.title}</span>
                <span className="text-sm text-fg-muted">{tile.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export { DashboardPage as Component };
