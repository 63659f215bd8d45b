import { compareMoney, invoiceStatus, type InvoiceListItem } from '@portal/contract';
import { Download, Eye } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { invoicePath } from '@/config/paths';
import { pdfUrl } from '@/lib/document-links';
import { useFormat } from '@/lib/i18n/use-format';
import { InvoiceStatusBadge } from './invoice-status-badge';

/** Wide screens: the spec's table (Invoice #, Period, Due Date, Amount, Status, Actions). */
/** What is still owed, beside the amount when it differs (a partly paid invoice). */
function StillOwed({ invoice }: { invoice: InvoiceListItem }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  if (compareMoney(invoice.owing, 0) <= 0 || compareMoney(invoice.owing, invoice.amount) === 0) return null;
  return <span className="block text-xs text-fg-muted">{t('list.stillOwed', { amount: f.currency(invoice.owing, invoice.currency) })}</span>;
}

/** `today` is the account's calendar date: an invoice is Overdue from the customer's midnight. */
export function InvoiceTable({ invoices, today }: { invoices: InvoiceListItem[]; today: string }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  return (
    <Table caption={t('list.caption')} hideCaption>
      <THead>
        <Tr>
          <Th>{t('list.columns.number')}</Th>
          <Th>{t('list.columns.period')}</Th>
          <Th>{t('list.columns.dueDate')}</Th>
          <Th align="right">{t('list.columns.amount')}</Th>
          <Th>{t('list.columns.status')}</Th>
          <Th align="right">{t('list.columns.actions')}</Th>
        </Tr>
      </THead>
      <TBody>
        {invoices.map((invoice) => (
          <Tr key={String(invoice.id)}>
            <Th scope="row" className="font-medium text-fg">
              {invoice.invoiceNumber}
            </Th>
            <Td className="whitespace-nowrap">
              {t('list.periodRange', { start: f.date(invoice.startDate), end: f.date(invoice.endDate) })}
            </Td>
            <Td className="whitespace-nowrap">{f.date(invoice.dueDate)}</Td>
            <Td align="right" className="whitespace-nowrap">
              {f.currency(invoice.amount, invoice.currency)}
              <StillOwed invoice={invoice} />
            </Td>
            <Td>
              <InvoiceStatusBadge status={invoiceStatus(invoice, today)} />
            </Td>
            <Td align="right">
              <InvoiceActions invoice={invoice} compact />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** Phones: one card per invoice, stacked; nothing scrolls sideways. */
export function InvoiceCards({ invoices, today }: { invoices: InvoiceListItem[]; today: string }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  return (
    <ul aria-label={t('list.caption')} className="flex flex-col gap-3">
      {invoices.map((invoice) => (
        <li key={String(invoice.id)} className="rounded-xl border border-border bg-surface p-4 shadow-sm">
          {/* When the number and the badge do not fit side by side, the badge moves under the number. */}
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <h2 className="min-w-0 text-base font-semibold break-words text-fg">
              {t('list.invoice', { number: invoice.invoiceNumber })}
            </h2>
            <InvoiceStatusBadge status={invoiceStatus(invoice, today)} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-fg-muted">{t('list.columns.period')}</dt>
            <dd className="text-fg">
              {t('list.periodRange', { start: f.date(invoice.startDate), end: f.date(invoice.endDate) })}
            </dd>
            <dt className="text-fg-muted">{t('list.columns.dueDate')}</dt>
            <dd className="text-fg">{f.date(invoice.dueDate)}</dd>
            <dt className="text-fg-muted">{t('list.columns.amount')}</dt>
            <dd className="font-semibold text-fg tabular-nums">
              {f.currency(invoice.amount, invoice.currency)}
              <StillOwed invoice={invoice} />
            </dd>
          </dl>
          <div className="mt-4">
            <InvoiceActions invoice={invoice} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * View details / Download PDF. Their accessible names carry the invoice number ("Download PDF of invoice
 * 1042"), so a list of links read out of context still says which invoice each one is for.
 */
function InvoiceActions({ invoice, compact = false }: { invoice: InvoiceListItem; compact?: boolean }) {
  const { t } = useTranslation('invoices');
  const pdf = pdfUrl(invoice);
  const number = invoice.invoiceNumber;
  const view = t('list.viewDetailsFor', { number });
  const download = t('list.downloadPdfFor', { number });
  const classes = buttonClasses({
    variant: compact ? 'ghost' : 'secondary',
    size: 'sm',
    className: compact ? 'px-2.5' : 'flex-1',
  });
  return (
    <div className={compact ? 'inline-flex gap-1' : 'flex gap-2'}>
      <Link to={invoicePath(invoice.id)} className={classes} aria-label={view} title={compact ? view : undefined}>
        <Eye className="size-4" aria-hidden="true" />
        {!compact && t('list.viewDetails')}
      </Link>
      {pdf ? (
        <a href={pdf} download className={classes} aria-label={download} title={compact ? download : undefined}>
          <Download className="size-4" aria-hidden="true" />
          {/* The narrowest phones show "PDF" beside the download icon; the accessible name stays complete. */}
          {!compact && (
            <>
              <span className="max-[399px]:hidden">{t('list.downloadPdf')}</span>
              <span className="min-[400px]:hidden">{t('list.pdf')}</span>
            </>
          )}
        </a>
      ) : (
        <span className="sr-only">{t('list.pdfUnavailable')}</span>
      )}
    </div>
  );
}
