import type { Balance, CurrencyCode, RecentPayment } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { defaultOneTimeTarget, hasBalanceOwing } from '../pay-rules';
import { PayModal, preloadPayModal } from './lazy-dialogs';
import type { PaidOutcome } from './pay-modal';

export interface PayBalanceOptions {
  accountId: bigint;
  /** The account's balances (the payment defaults to the amount owing, else the first balance). */
  balances: readonly Balance[];
  /** The account's currency, for an account without balances. */
  currency: CurrencyCode;
  /** Called once the service has taken the payment; the dialog has closed and focus is back on the opener. */
  onPaid: (outcome: PaidOutcome) => void;
  /** Told of each payment submitted and its card, declined ones included. */
  onSubmitted?: (payment: RecentPayment, paymentMethodId: bigint) => void;
}

export interface PayBalance {
  /** What the "pay" button does: opens the one-time payment dialog, or says there is nothing to pay. */
  start: () => void;
  /** Opens the dialog again after a failed payment, another card than `failedCardId` preselected. */
  retry: (failedCardId: bigint) => void;
  /** Starts downloading the dialog's code: give it to the "pay" button with `preloadOnIntent`. */
  preload: () => void;
  /** True after `start` when nothing is owed: show "You do not have a balance owing". */
  nothingToPay: boolean;
  /** The dialog (loaded on demand); render it once, anywhere. */
  dialog: ReactNode;
}

/**
 * Paying the account's balance in place: /payments' "Pay Now" and the
 * dashboard's "Make a payment". The dialog's code loads when the button is reached; with
 * nothing owed no $0 dialog opens, the caller says so instead.
 */
export function usePayBalance({ accountId, balances, currency, onPaid, onSubmitted }: PayBalanceOptions): PayBalance {
  const [paying, setPaying] = useState(false);
  const [avoidCardId, setAvoidCardId] = useState<bigint | null>(null);
  const [nothingToPay, setNothingToPay] = useState(false);
  const owing = hasBalanceOwing(balances);

  return {
    start: () => {
      setAvoidCardId(null);
      if (owing) setPaying(true);
      else setNothingToPay(true);
    },
    retry: (failedCardId) => {
      setAvoidCardId(failedCardId);
      setPaying(true);
    },
    preload: preloadPayModal,
    nothingToPay: nothingToPay && !owing,
    dialog: (
      <PayModal
        open={paying}
        onOpenChange={setPaying}
        accountId={accountId}
        target={defaultOneTimeTarget(balances) ?? { total: 0, currency }}
        onPaid={onPaid}
        onSubmitted={onSubmitted}
        avoidCardId={avoidCardId}
      />
    ),
  };
}
