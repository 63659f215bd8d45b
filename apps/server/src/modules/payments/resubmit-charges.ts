import { sql } from 'drizzle-orm';
import { toMinor } from '@portal/contract';
import { submitCharge } from './charging';
import { claimUnsentCharges } from './charge-lease';
import type { Deps } from '../../http/deps';
import { findPayment } from './repository';
import { settlePayment } from './settlement';

/** How often the job looks for charges nobody is sending (and once at start-up). */
export const RESUBMIT_EVERY_MS = 2_000;
/** After this long without the provider answering, the payment is given up as not made. */
export const GIVE_UP_AFTER_MS = 60 * 60_000;
const BATCH_SIZE = 50;

/**
 * Payments recorded but never confirmed by the provider — it could not be reached, or the instance
 * sending the charge died between commit and answer — are claimed (one instance per payment) and
 * sent again with the same idempotency key, so the provider takes each at most once; after an hour
 * they are closed as Error and the customer told.
 */
export const resubmitUnconfirmedCharges = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log' | 'outbox'>, now: Date): Promise<number> => {
  const giveUpBefore = new Date(now.getTime() - GIVE_UP_AFTER_MS);
  const claimed = await claimUnsentCharges(deps.db, deps.provider.name, now, BATCH_SIZE);
  for (const id of claimed) {
    const payment = await findPayment(deps.db, id);
    if (!payment || payment.status !== 'InProgress' || payment.providerRef !== null) continue;
    // A pay-all lead is charged for its shares too (docs/decisions/0036-refunds-and-pay-all.md), read in the same statement.
    const refs = await deps.db.execute<{ provider_ref: string | null; customer_ref: string | null; shares: string | null }>(sql`
      select pm.provider_ref, a.provider_customer_ref as customer_ref, (select sum(s.amount) from payments s where s.pay_all_id = p.id)::text as shares
      from payments p join accounts a on a.id = p.account_id left join payment_methods pm on pm.id = p.payment_method_id
      where p.id = ${id}`);
    const { provider_ref: cardRef = null, customer_ref: customerRef = null, shares = null } = refs.rows[0] ?? {};
    if (payment.createdAt <= giveUpBefore || cardRef === null) {
      const failureReason = cardRef === null ? 'card_removed' : 'processor_unavailable';
      await deps.db.transaction((tx) => settlePayment(tx, now, payment.id, { status: 'Error', failureReason }, { notifyManualFailure: true, outbox: deps.outbox }));
      continue;
    }
    await submitCharge(deps, { payment, paymentMethodRef: cardRef, customerRef, ...(shares ? { amountMinor: toMinor(payment.amount) + toMinor(shares) } : {}) }, true);
  }
  return claimed.length;
};
