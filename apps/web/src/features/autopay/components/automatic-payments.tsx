import type { AccountPaymentMethod, AutopayScheduleResponse, CurrencyCode, PaymentMethodEntry } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/translate';
import { preloadOnIntent } from '@/components/lazy-dialog';
import { refreshAccount } from '@/lib/refresh-account';
import { useSession } from '@/lib/session/session-store';
import { paymentPolicyQuery } from '@/features/arrangements';
import { autopayScheduleQuery } from '../api/get-autopay-schedule';
import { isAutopayOn } from '../autopay-rules';
import { AutopayCard } from './autopay-card';
import { AutopayOffDialog, AutopaySetupDialog, preloadAutopayDialogs } from './lazy-dialogs';

export interface AutomaticPaymentsProps {
  accountId: bigint;
  /** The account's payment method: "Credit Card" while automatic payments are on. */
  paymentMethod: AccountPaymentMethod;
  cards: PaymentMethodEntry[];
  currency: CurrencyCode;
  schedule: AutopayScheduleResponse | undefined;
  scheduleError: boolean;
  onSuccess: (text: string) => void;
  onError: (text: string, cause?: unknown) => void;
}

/**
 * Automatic Payments with its dialogs: the switch opens "Setup Automatic Payments" (on) or asks before turning
 * them off; the saved schedule can be changed. Outcomes are reported to the page, which shows them in a banner.
 */
export function AutomaticPayments({
  accountId,
  paymentMethod,
  cards,
  currency,
  schedule,
  scheduleError,
  onSuccess,
  onError,
}: AutomaticPaymentsProps) {
  const { t } = useTranslation('autopay');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'setup' | 'off' | null>(null);
  // Staff may turn off what the provider's policy requires of customers (docs/decisions/0034-payment-arrangements-and-policy.md).
  const policy = useQuery(paymentPolicyQuery(accountId));
  const staff = useSession()?.isStaff === true;

  const saved = (response: AutopayScheduleResponse) => {
    queryClient.setQueryData(autopayScheduleQuery(accountId).queryKey, response);
    void refreshAccount(queryClient, accountId);
    onSuccess(t('autopay.turnedOn'));
  };

  return (
    // The card's switch and buttons open the dialogs: reaching the card downloads them.
    <div className="contents" {...preloadOnIntent(preloadAutopayDialogs)}>
      <AutopayCard
        enabled={isAutopayOn(paymentMethod)}
        hasCards={cards.length > 0}
        required={policy.data?.autopayOptional === false && !staff}
        schedule={schedule}
        scheduleError={scheduleError}
        cards={cards}
        currency={currency}
        onTurnOn={() => setDialog('setup')}
        onTurnOff={() => setDialog('off')}
        onChangeSchedule={() => setDialog('setup')}
      />
      <AutopaySetupDialog
        open={dialog === 'setup'}
        onOpenChange={(open) => setDialog(open ? 'setup' : null)}
        accountId={accountId}
        currency={currency}
        cards={cards}
        saved={schedule?.schedule ?? null}
        previewInputs={schedule?.preview ?? null}
        onSaved={saved}
      />
      <AutopayOffDialog
        open={dialog === 'off'}
        onOpenChange={(open) => setDialog(open ? 'off' : null)}
        accountId={accountId}
        onDone={() => onSuccess(t('autopay.turnedOff'))}
        onFailed={(error) => onError(t('autopay.updateFailed'), error)}
      />
    </div>
  );
}
