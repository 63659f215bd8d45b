import type { Refund } from '@portal/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { Button } from '@/components/ui/button';
import { serverTextOr } from '@/lib/api/server-text';
import { useFormat } from '@/lib/i18n/use-format';
import { downloadRefundReceipt } from '../api/refunds';

/**
 * A payment's refunds under it in Payment History (docs/decisions/0036-refunds-and-pay-all.md): what was
 * given back and when, one under way, one the provider refused; a succeeded one's receipt to download.
 */
export function RefundLines({ refunds, onError }: { refunds: readonly Refund[]; onError: (message: string | null) => void }) {
  const { t } = useTranslation('payments');
  const f = useFormat();
  const [downloading, setDownloading] = useState<bigint | null>(null);
  if (refunds.length === 0) return null;
  const download = async (refund: Refund) => {
    onError(null);
    setDownloading(refund.id);
    try {
      await downloadRefundReceipt(refund.id);
    } catch (error) {
      console.error('Downloading the refund receipt failed', error);
      onError(serverTextOr(error, t('history.receiptError')));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <ul className="mt-1 flex flex-col gap-1 text-xs text-fg-muted">
      {refunds.map((refund) => {
        const amount = f.currency(refund.amount, refund.currency);
        const date = f.date(refund.date, 'detail');
        return (
          <li key={String(refund.id)} className="flex flex-wrap items-center gap-x-2">
            <span>
              {refund.status === 'Succeeded'
                ? t('history.refunded', { amount, date })
                : refund.status === 'Pending'
                  ? t('history.refundPending', { amount })
                  : t('history.refundFailed', { amount })}
            </span>
            {refund.status === 'Succeeded' && (
              <Button
                variant="link"
                size="sm"
                className="text-xs"
                loading={downloading === refund.id}
                aria-label={t('history.refundReceiptFor', { amount, date })}
                onClick={() => void download(refund)}
              >
                <Download aria-hidden="true" className="size-3" />
                {t('history.refundReceipt')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
