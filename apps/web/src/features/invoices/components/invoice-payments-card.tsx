import type { InvoicePayment } from '@portal/contract';
import { useTranslation } from '@/lib/i18n/translate';
import { PaymentStatusBadge } from '@/components/payment-status/payment-status-badge';
import { Card, CardHeader } from '@/components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { TableOrCards } from '@/components/ui/table-or-cards';
import { useFormat } from '@/lib/i18n/use-format';
import { paymentDescription, sortInvoicePayments } from '../rules';

/**
 * Payment History of one invoice: newest first by date then id; the caller renders it only when there
 * are payments. Where the table does not fit, two lines per payment instead.
 */
export function InvoicePaymentsCard({ payments }: { payments: InvoicePayment[] }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  const sorted = sortInvoicePayments(payments);
  const amount = ({ payment, paymentAssignment }: InvoicePayment) =>
    f.currency(paymentAssignment.amount, payment.currency, { invoiceDetail: true });
  return (
    // Not a labelled section itself: the table's own scroll region already carries the name.
    <Card>
      <CardHeader title={t('detail.paymentHistory')} />
      <div className="p-3 sm:p-4">
        <TableOrCards
          content={payments}
          cards={
            <ul aria-label={t('detail.paymentHistory')} className="divide-y divide-border rounded-xl border border-border">
              {sorted.map((entry) => (
                <li key={String(entry.payment.id)} className="flex flex-col gap-1.5 px-4 py-3 text-sm">
                  <div className="flex items-center justify-between gap-3">
                    <span className="text-fg">{f.date(entry.payment.date, 'detail')}</span>
                    <span className="font-semibold text-fg tabular-nums">{amount(entry)}</span>
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="min-w-0 break-words text-fg-muted">
                      {paymentDescription(entry.payment.description, t('detail.defaultDescription'))}
                    </span>
                    <PaymentStatusBadge status={entry.payment.status} />
                  </div>
                </li>
              ))}
            </ul>
          }
          table={
            <Table caption={t('detail.paymentHistory')} hideCaption>
              <THead>
                <Tr>
                  <Th>{t('detail.date')}</Th>
                  <Th>{t('detail.description')}</Th>
                  <Th align="right">{t('detail.amount')}</Th>
                  <Th>{t('detail.paymentStatus')}</Th>
                </Tr>
              </THead>
              <TBody>
                {sorted.map((entry) => (
                  <Tr key={String(entry.payment.id)}>
                    <Td className="whitespace-nowrap">{f.date(entry.payment.date, 'detail')}</Td>
                    <Td>{paymentDescription(entry.payment.description, t('detail.defaultDescription'))}</Td>
                    <Td align="right" className="whitespace-nowrap">
                      {amount(entry)}
                    </Td>
                    <Td>
                      <PaymentStatusBadge status={entry.payment.status} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          }
        />
      </div>
    </Card>
  );
}
