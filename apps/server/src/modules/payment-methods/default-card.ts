import type { EventActor } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { idText, optionalIdText, recordTypedEvent } from '../../lib/event-data';
import { setDefaultPaymentMethod } from './repository';

export interface ChangeOfDefault {
  accountId: bigint;
  paymentMethodId: bigint;
  actor: EventActor;
  at: Date;
  /** The default card this one replaces when that card was just deleted (no longer found as the default). */
  replacing?: bigint;
}

/**
 * Makes the card the account's default in the caller's transaction, with its `payment_method.default_changed`
 * event when the default moved (making the default card default again records nothing).
 */
export const changeDefaultCard = async (tx: PortalDb, change: ChangeOfDefault): Promise<void> => {
  const { changed, previousId } = await setDefaultPaymentMethod(tx, change.accountId, change.paymentMethodId);
  if (!changed) return;
  await recordTypedEvent(tx, {
    type: 'payment_method.default_changed',
    accountId: change.accountId,
    actor: change.actor,
    data: { paymentMethodId: idText(change.paymentMethodId), previousPaymentMethodId: optionalIdText(change.replacing ?? previousId) },
    at: change.at,
  });
};
