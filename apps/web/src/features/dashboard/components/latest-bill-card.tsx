import type { InvoiceListItem } from '@portal/contract';
import { ArrowRight, Download, FileText } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link } from 'react-router';
import { Banner } from '@/components/ui/banner';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { ExternalLink } from '@/components/ui/external-link';
import { invoicePath } from '@/config/paths';
import { pdfUrl } from '@/lib/document-links';
import { useFormat } from '@/lib/i18n/use-format';
import { LoadingBlock } from './loading-block';

/** The latest posted bill: number, period, due date and amount, with "View bill" and "Download PDF". */
export function LatestBillCard({
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
          // The four lines of the bill and, on a phone, its buttons below them.
          <LoadingBlock className="gap-2">
            {['w-2/3', 'w-5/6', 'w-1/2', 'w-1/3'].map((width) => (
              <Skeleton key={width} className={`h-5 ${width}`} />
            ))}
            <Skeleton className="mt-2 h-11 w-48 sm:hidden" />
          </LoadingBlock>
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
                {f.date(invoice.startDate, 'detail')} – {f.date(invoice.endDate, 'detail')}
              </dd>
              <dt className="text-fg-muted">{t('latest.dueDate')}</dt>
              <dd>{f.date(invoice.dueDate, 'detail')}</dd>
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
