import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useFormat } from '@/lib/i18n/use-format';
import type { PayTarget } from '../pay-rules';
import { PayModal, preloadPayModal } from './lazy-dialogs';

export interface OneTimePaymentCardProps {
  accountId: bigint;
  /** What "Total Balance" pays (spec §4: the amount owing, else the first balance). */
  target: PayTarget;
  /** Something is owed: without it "Pay Now" says there is nothing to pay instead of opening a dialog for 0. */
  owing: boolean;
  onSuccess: (text: string) => void;
}

/** "Make a One-time Payment" (spec §2): "Pay Now" opens the pay modal for the account's balance. */
export function OneTimePaymentCard({ accountId, target, owing, onSuccess }: OneTimePaymentCardProps) {
  const { t } = useTranslation('payments');
  const f = useFormat();
  const [paying, setPaying] = useState(false);
  const [nothingToPay, setNothingToPay] = useState(false);

  useEffect(preloadPayModal, []);

  return (
    <Card as="section" aria-labelledby="one-time-title">
      <CardHeader title={t('oneTime.title')} titleId="one-time-title" icon={<Send />} description={t('oneTime.text')} />
      <CardBody>
        <Button onClick={() => (owing ? setPaying(true) : setNothingToPay(true))}>{t('oneTime.payNow')}</Button>
        {/* A live region, so the answer to the click is read out while focus stays on the button. */}
        <p role="status" className="mt-3 text-sm text-fg-muted empty:hidden">
          {nothingToPay && !owing ? t('balance.noBalance') : ''}
        </p>
      </CardBody>
      <PayModal
        open={paying}
        onOpenChange={setPaying}
        accountId={accountId}
        target={target}
        onPaid={({ amount, currency }) => onSuccess(t('page.paid', { amount: f.currency(amount, currency) }))}
      />
    </Card>
  );
}
