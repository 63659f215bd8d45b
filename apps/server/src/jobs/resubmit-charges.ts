import { sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@portal/contract';
import { submitCharge } from '../modules/payments/charging';
import type { BillingContext } from '../modules/payments/context';
import { findPayment } from '../modules/payments/repository';
import { settlePayment } from '../modules/payments/settlement';

/** A charge unconfirmed for this long is retried (the submit itself may still be under way before). */
export const RESUBMIT_AFTER_MS = 60_000;
/** After this long without the provider answering, the payment is given up as not made. */
export const GIVE_UP_AFTER_MS = 60 * 60_000;
const BATCH_SIZE = 50;

/**
 * Payments recorded but never confirmed by the provider (it could not be reached, or the process
 * stopped between commit and charge) are sent again with the same idempotency key, so the provider
 * takes them at most once; after an hour they are closed as Error and the customer told.
 */
export const resubmitUnconfirmedCharges = async (ctx: BillingContext, now: Date): Promise<number> => {
  const retryBefore = new Date(now.getTime() - RESUBMIT_AFTER_MS).toISOString();
  const giveUpBefore = new Date(now.getTime() - GIVE_UP_AFTER_MS);
  const result = await ctx.db.execute<{ id: bigint; provider_ref: string | null; customer_ref: string | null }>(sql`
    select p.id, pm.provider_ref, a.provider_customer_ref as customer_ref
    from payments p
    join accounts a on a.id = p.account_id
    left join payment_methods pm on pm.id = p.payment_method_id
    where p.status = 'InProgress' and p.provider_ref is null and p.provider = ${ctx.provider.name} and p.created_at <= ${retryBefore}
    order by p.created_at, p.id
    limit ${BATCH_SIZE}`);
  let handled = 0;
  for (const row of result.rows) {
    const payment = await findPayment(ctx.db, BigInt(row.id));
    if (!payment || payment.status !== 'InProgress' || payment.providerRef !== null) continue;
    handled += 1;
    if (payment.createdAt <= giveUpBefore || row.provider_ref === null) {
      const failureMessage = row.provider_ref === null ? PAYMENT_MESSAGES.cardRemoved : PAYMENT_MESSAGES.processorUnavailable;
      await ctx.db.transaction((tx) => settlePayment(tx, now, payment.id, { status: 'Error', failureMessage }, { notifyManualFailure: true }));
      continue;
    }
    await submitCharge(ctx, { payment, paymentMethodRef: row.provider_ref, customerRef: row.customer_ref }, true);
  }
  return handled;
};
