import type { RecentPayment } from '@portal/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Button } from '@/components/ui/button';
import { serverTextOr } from '@/lib/api/server-text';
import { useFormat } from '@/lib/i18n/use-format';
import { downloadReceipt } from '../api/download-receipt';

/**
 * A successful payment's "Receipt": downloads its PDF. Its accessible name names the
 * payment (amount and date), so a list of them reads apart; a failure is reported through `onError`.
 * Plain state rather than useMutation, which /payments would otherwise load for this button alone (2 KB as
 * served; docs/decisions/0009-performance-budgets.md: every route ≤ 180 KB).
 */
export function ReceiptButton({ payment, onError }: { payment: RecentPayment; onError: (message: string | null) => void }) {
  const { t } = useTranslation('payments');
  const f = useFormat();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    onError(null);
    setDownloading(true);
    try {
      await downloadReceipt(payment.id);
    } catch (error) {
      console.error('Downloading the receipt failed', error);
      onError(serverTextOr(error, t('history.receiptError')));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={downloading}
      aria-label={t('history.receiptFor', { amount: f.currency(payment.amount, payment.currency), date: f.date(payment.date, 'detail') })}
      onClick={() => void download()}
    >
      <Download aria-hidden="true" className="size-4" />
      {t('history.receipt')}
    </Button>
  );
}
