import type { InvoicePayment } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { PaymentStatusBadge } from '@/components/payment-status/payment-status-badge';
import { Card, CardHeader } from '@/components/ui/card';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { useFormat } from '@/lib/i18n/use-format';
import { paymentDescription, sortInvoicePayments } from '../rules';

/** Payment History of one invoice (spec §2): newest first by date then id; the caller renders it only when there are payments. */
export function InvoicePaymentsCard({ payments }: { payments: InvoicePayment[] }) {
  const { t } = useTranslation('invoices');
  const f = useFormat();
  return (
    // Not a labelled section itself: the table's own scroll region already carries the name.
    <Card>
      <CardHeader title={t('detail.paymentHistory')} />
      <div className="p-3 sm:p-4">
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
            {sortInvoicePayments(payments).map(({ payment, paymentAssignment }) => (
              <Tr key={String(payment.id)}>
                <Td className="whitespace-nowrap">{f.date(payment.date, 'detail')}</Td>
                <Td>{paymentDescription(payment.description, t('detail.defaultDescription'))}</Td>
                <Td align="right" className="whitespace-nowrap">
                  {f.currency(paymentAssignment.amount, payment.currency, { invoiceDetail: true })}
                </Td>
                <Td>
                  <PaymentStatusBadge status={payment.status} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </Card>
  );
}
