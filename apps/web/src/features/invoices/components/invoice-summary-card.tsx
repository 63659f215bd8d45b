import { invoiceStatus, issueDay, type InvoiceDetails } from '@portal/contract';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/i18n/use-format';
import { invoiceSummaryAmounts, isAmountDueOverdue } from '../rules';
import { useAccountToday } from '@/features/account';
import { InvoiceStatusBadge } from './invoice-status-badge';

/**
 * Invoice Summary: Issue Date (posted date, or "-"), Due Date, Status (Paid when nothing is owed, Credited
 * when credits cleared it), then Total Amount − Payments − Credits = Amount Due — red (and bold) while
 * something is owed.
 */
export function InvoiceSummaryCard({ details }: { details: InvoiceDetails }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  const { invoice, owing, credited } = details;
  const amounts = invoiceSummaryAmounts(details);
  const money = (amount: number) => f.currency(amount, invoice.currency, { invoiceDetail: true });
  const overdue = isAmountDueOverdue(owing);
  const today = useAccountToday(invoice.accountId);
  return (
    <Card as="section" aria-labelledby="summary-title">
      <CardHeader title={t('detail.summary')} titleId="summary-title" icon={<FileText />} />
      <CardBody>
        <dl className="flex flex-col text-sm">
          <Row term={t('detail.issueDate')}>{f.date(invoice.postedDate && issueDay(invoice.postedDate), 'detail')}</Row>
          <Row term={t('detail.dueDate')}>{f.date(invoice.dueDate, 'detail')}</Row>
          <Row term={t('detail.status')}>
            <InvoiceStatusBadge
              status={invoiceStatus({ amount: invoice.amount, owing, credited, dueDate: invoice.dueDate }, today)}
            />
          </Row>
          <Row term={t('detail.totalAmount')}>{money(amounts.total)}</Row>
          <Row term={t('detail.payments')}>
            <span data-testid="summary-payments">−{money(amounts.payments)}</span>
          </Row>
          <Row term={t('detail.credits')}>
            <span data-testid="summary-credits">−{money(amounts.credits)}</span>
          </Row>
          <div className="mt-2 flex items-center justify-between gap-4 border-t border-border pt-3">
            <dt className="font-semibold text-fg">{t('detail.amountDue')}</dt>
            <dd
              data-testid="amount-due"
              className={cn('text-lg font-semibold tabular-nums', overdue ? 'text-danger' : 'text-fg')}
            >
              {money(owing)}
            </dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-1.5">
      <dt className="text-fg-muted">{term}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}
