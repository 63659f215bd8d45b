import { toMinor, type RecentPayment, type Refund } from '@portal/contract';
import { Receipt, Undo2 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PaymentStatusBadge } from '@/components/payment-status/payment-status-badge';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { TableOrCards } from '@/components/ui/table-or-cards';
import { useFormat } from '@/lib/i18n/use-format';
import { hasPendingPayment } from '@/lib/payment-status';
import { Banner } from '@/components/ui/banner';
import { historyReasonText } from '../payment-outcome';
import { paymentMethodLabel } from '../payment-method';
import { ReceiptButton } from './receipt-button';
import { refundableAmount, refundsByPayment } from '../refund-rules';
import { RefundLines } from './refund-lines';

// Staff's dialog, downloaded when first opened: customers never load it.
const RefundDialog = lazy(() => import('./refund-dialog').then((m) => ({ default: m.RefundDialog })));

/** Rows shown before "Show all": the latest payments answer most questions; the home model holds up to 50. */
export const HISTORY_PREVIEW_ROWS = 10;

/**
 * Payment History: Date ("MMM d, yyyy"), Amount, Status badge and Method ("Visa •••• 4242", or how a
 * payment taken outside the portal was made: "Bank transfer"), and a receipt to download for each successful payment.
 * Under a payment, its refunds and their receipts; for Staff (`canRefund`), a Refund action while it holds something
 * (docs/decisions/0036-refunds-and-pay-all.md).
 */
export function PaymentHistory({
  payments,
  refunds = [],
  canRefund = false,
  onRefunded,
}: {
  payments: RecentPayment[];
  refunds?: readonly Refund[];
  canRefund?: boolean;
  /** `openerStays`: the payment can still be refunded, so its Refund button, which focus goes back to, is still there. */
  onRefunded?: (refund: Refund, openerStays: boolean) => void;
}) {
  const { t, i18n } = useTranslation('payments');
  const f = useFormat();
  // A failed payment says why, in the customer's language, under its badge.
  const status = (payment: RecentPayment) => {
    const reason = historyReasonText(payment, i18n.language);
    return (
      <div className="flex flex-col items-start gap-1">
        <PaymentStatusBadge status={payment.status} />
        {reason && <span className="text-xs text-fg-muted">{reason}</span>}
      </div>
    );
  };
  const [expanded, setExpanded] = useState(false);
  // Memoised: the rows shown are what the table is measured for.
  const shown = useMemo(() => (expanded ? payments : payments.slice(0, HISTORY_PREVIEW_ROWS)), [expanded, payments]);
  const method = (payment: RecentPayment) => paymentMethodLabel(payment, i18n.language);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const byPayment = useMemo(() => refundsByPayment(refunds), [refunds]);
  const refundsOf = (payment: RecentPayment) => byPayment.get(String(payment.id)) ?? [];
  const [refunding, setRefunding] = useState<{ payment: RecentPayment; left: number } | null>(null);
  const refundAction = (payment: RecentPayment) => {
    const left = canRefund ? refundableAmount(payment, refundsOf(payment)) : 0;
    if (left <= 0) return null;
    return (
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('history.refundFor', { amount: f.currency(payment.amount, payment.currency), date: f.date(payment.date, 'detail') })}
        onClick={() => setRefunding({ payment, left })}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        {t('history.refund')}
      </Button>
    );
  };
  const receipt = (payment: RecentPayment) =>
    payment.status === 'Successful' ? (
      <div className="flex flex-wrap items-center gap-1">
        <ReceiptButton payment={payment} onError={setReceiptError} />
        {refundAction(payment)}
      </div>
    ) : null;
  const refundLines = (payment: RecentPayment) => <RefundLines refunds={refundsOf(payment)} onError={setReceiptError} />;
  return (
    // Not a labelled section itself: the table's own scroll region already carries the name.
    <Card>
      <CardHeader title={t('history.title')} icon={<Receipt />} />
      <div className="p-3 sm:p-4">
        {hasPendingPayment(payments) && (
          <p role="status" className="mb-3 px-1 text-sm text-fg-muted">
            {t('history.settling')}
          </p>
        )}
        {receiptError && (
          <Banner tone="error" className="mb-3" onDismiss={() => setReceiptError(null)}>
            {receiptError}
          </Banner>
        )}
        {payments.length === 0 ? (
          <EmptyState level={3} title={t('history.empty')} description={t('history.emptyText')} />
        ) : (
          <TableOrCards
            content={shown}
            table={
              <Table caption={t('history.title')} hideCaption>
                <THead>
                  <Tr>
                    <Th>{t('history.date')}</Th>
                    <Th align="right">{t('history.amount')}</Th>
                    <Th>{t('history.status')}</Th>
                    <Th>{t('history.method')}</Th>
                    <Th>
                      <span className="sr-only">{t('history.receipt')}</span>
                    </Th>
                  </Tr>
                </THead>
                <TBody>
                  {shown.map((payment) => (
                    <Tr key={String(payment.id)}>
                      <Td className="whitespace-nowrap">{f.date(payment.date, 'detail')}</Td>
                      <Td align="right" className="whitespace-nowrap">
                        {f.currency(payment.amount, payment.currency)}
                        {refundLines(payment)}
                      </Td>
                      <Td>{status(payment)}</Td>
                      <Td className="whitespace-nowrap">{method(payment)}</Td>
                      <Td className="whitespace-nowrap">{receipt(payment)}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            }
            // Where the table does not fit (phones, the card beside Automatic Payments): two lines per payment.
            cards={
              <ul aria-label={t('history.title')} className="divide-y divide-border rounded-xl border border-border">
                {shown.map((payment) => (
                  <li key={String(payment.id)} className="flex flex-col gap-1.5 px-4 py-3 text-sm">
                    <div className="flex items-center justify-between gap-3">
                      <span className="text-fg">{f.date(payment.date, 'detail')}</span>
                      <span className="font-semibold text-fg tabular-nums">{f.currency(payment.amount, payment.currency)}</span>
                    </div>
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <span className="text-fg-muted">{method(payment)}</span>
                      {status(payment)}
                    </div>
                    {refundLines(payment)}
                    {payment.status === 'Successful' && <div className="-ml-3">{receipt(payment)}</div>}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {refunding && (
          <Suspense fallback={null}>
            <RefundDialog
              payment={refunding.payment}
              left={refunding.left}
              onClose={() => setRefunding(null)}
              onDone={(refund) => {
                setRefunding(null);
                onRefunded?.(refund, toMinor(refund.amount) < toMinor(refunding.left));
              }}
            />
          </Suspense>
        )}
        {payments.length > HISTORY_PREVIEW_ROWS && (
          <div className="mt-3 flex justify-center">
            <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
              {expanded ? t('history.showFewer') : t('history.showAll', { count: payments.length })}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
