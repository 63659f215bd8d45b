import type { Balance, CurrencyCode, Money, RecentPayment } from '@portal/contract';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { preloadOnIntent } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { useFormat } from '@/lib/i18n/use-format';
import { failureReasonText, paymentOutcome } from '../payment-outcome';
import { usePayBalance } from './use-pay-balance';

export interface OneTimePaymentCardProps {
  accountId: bigint;
  /** The account's balances: "Total Balance" pays the amount owing, else the first balance. */
  balances: readonly Balance[];
  /** The account's payments (re-read while one settles): the last one paid here is followed to its outcome. */
  payments: readonly RecentPayment[];
  /** The account's currency, for an account without balances. */
  currency: CurrencyCode;
}

/**
 * "Make a One-time Payment": "Pay Now" opens the pay modal for the account's balance. The payment
 * made is followed here, in place, to how it ended; a declined one offers to pay again with another card.
 */
export function OneTimePaymentCard({ accountId, balances, payments, currency }: OneTimePaymentCardProps) {
  const { t } = useTranslation('payments');
  const [submitted, setSubmitted] = useState<{ payment: RecentPayment; paymentMethodId: bigint } | null>(null);
  const pay = usePayBalance({
    accountId,
    balances,
    currency,
    onPaid: () => undefined,
    onSubmitted: (payment, paymentMethodId) => setSubmitted({ payment, paymentMethodId }),
  });
  // The latest state of the payment: the page re-reads the payments while one settles.
  const latest = submitted ? (payments.find((p) => p.id === submitted.payment.id) ?? submitted.payment) : null;

  return (
    <Card as="section" aria-labelledby="one-time-title">
      <CardHeader title={t('oneTime.title')} titleId="one-time-title" icon={<Send />} description={t('oneTime.text')} />
      <CardBody>
        <Button onClick={pay.start} {...preloadOnIntent(pay.preload)}>
          {t('oneTime.payNow')}
        </Button>
        {/* A live region, so the answer to the click, and the payment's outcome, are read out while focus stays put. */}
        <div role="status" className="mt-3 text-sm empty:hidden">
          {pay.nothingToPay && <p className="text-fg-muted">{t('balance.noBalance')}</p>}
          {latest && submitted && <PaymentOutcomeNote payment={latest} onRetry={() => pay.retry(submitted.paymentMethodId)} />}
        </div>
      </CardBody>
      {pay.dialog}
    </Card>
  );
}

/** How the payment made here stands: processing, received, or declined with the reason and another try. */
function PaymentOutcomeNote({ payment, onRetry }: { payment: RecentPayment; onRetry: () => void }) {
  const { t, i18n } = useTranslation('payments');
  const f = useFormat();
  const amount = (value: Money) => f.currency(value, payment.currency);
  const outcome = paymentOutcome(payment);
  switch (outcome.state) {
    case 'processing':
      return <p className="text-fg-muted">{t('oneTime.processing', { amount: amount(payment.amount) })}</p>;
    case 'succeeded':
      return <p className="font-medium text-success-text">{t('oneTime.succeeded', { amount: amount(payment.amount) })}</p>;
    default: {
      const reason = failureReasonText(outcome.reason, i18n.language);
      return (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-danger/40 bg-danger-subtle px-4 py-3 text-danger-text">
          <p>
            <strong className="font-semibold">{t(outcome.state === 'declined' ? 'oneTime.declined' : 'oneTime.failed')}</strong>{' '}
            {reason && <>{reason} </>}
            {t('oneTime.notCharged', { amount: amount(payment.amount) })}
          </p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t('oneTime.retry')}
          </Button>
        </div>
      );
    }
  }
}
