import { lockDueSandboxCharges } from '../../card-providers/sandbox/provider';
import type { Deps } from '../../http/deps';
import { settlePayment } from './settlement';

const BATCH_SIZE = 100;

/**
 * The sandbox processor's "webhook": settles its charges once SANDBOX_SETTLE_MS have passed (bank debits once
 * SANDBOX_BANK_SETTLE_MS have: docs/decisions/0035-bank-debit.md), Successful or, for the card that declines every
 * charge and the test bank accounts whose debits are returned, Error. Returns how many it settled.
 */
export const settleDueSandboxPayments = async (deps: Pick<Deps, 'db' | 'outbox'>, now: Date, settleMs: number, bankSettleMs: number = settleMs): Promise<number> => {
  const cutoff = new Date(now.getTime() - settleMs);
  const bankCutoff = new Date(now.getTime() - bankSettleMs);
  return deps.db.transaction(async (tx) => {
    const due = await lockDueSandboxCharges(tx, cutoff, BATCH_SIZE, bankCutoff);
    for (const charge of due) {
      const outcome =
        charge.declinesCharges === null
          ? ({ status: 'Error', failureReason: 'card_removed' } as const)
          : charge.returnReason
            ? ({ status: 'Error', failureReason: charge.returnReason } as const)
            : charge.declinesCharges
              ? ({ status: 'Error', failureReason: 'card_declined' } as const)
              : ({ status: 'Successful' } as const);
      await settlePayment(tx, now, charge.paymentId, outcome, { notifyManualFailure: true, outbox: deps.outbox });
    }
    return due.length;
  });
};
