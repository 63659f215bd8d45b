import type { Balance, CurrencyCode } from '@portal/contract';
import { Send } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/translate';
import { preloadOnIntent } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useFormat } from '@/lib/i18n/use-format';
import { usePayBalance } from './use-pay-balance';

export interface OneTimePaymentCardProps {
  accountId: bigint;
  /** The account's balances: "Total Balance" pays the amount owing, else the first balance (spec §4). */
  balances: readonly Balance[];
  /** The account's currency, for an account without balances. */
  currency: CurrencyCode;
  onSuccess: (text: string) => void;
}

/** "Make a One-time Payment" (spec §2): "Pay Now" opens the pay modal for the account's balance. */
export function OneTimePaymentCard({ accountId, balances, currency, onSuccess }: OneTimePaymentCardProps) {
  const { t } = useTranslation('payments');
  const f = useFormat();
  const pay = usePayBalance({
    accountId,
    balances,
    currency,
    onPaid: ({ amount, currency: paid }) => onSuccess(t('page.paid', { amount: f.currency(amount, paid) })),
  });

  return (
    <Card as="section" aria-labelledby="one-time-title">
      <CardHeader title={t('oneTime.title')} titleId="one-time-title" icon={<Send />} description={t('oneTime.text')} />
      <CardBody>
        <Button onClick={pay.start} {...preloadOnIntent(pay.preload)}>
          {t('oneTime.payNow')}
        </Button>
        {/* A live region, so the answer to the click is read out while focus stays on the button. */}
        <p role="status" className="mt-3 text-sm text-fg-muted empty:hidden">
          {pay.nothingToPay ? t('balance.noBalance') : ''}
        </p>
      </CardBody>
      {pay.dialog}
    </Card>
  );
}
