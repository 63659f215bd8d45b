import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_FAILURE_TEXTS, type PaymentFailureReason } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { autopayRuns, payments } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { actorOfUser, idText, moneyText, recordTypedEvent } from '../../lib/event-data';
import { jobActor } from '../../lib/events';
import { paymentsSettled } from '../../lib/metrics';
import type { Deps } from '../../http/deps';
import { notifyAccount } from '../notifications';

/**
 * A failure's reason (a plain decline when none is given) is what the customer is told, in their language;
 * its message, the provider's own words or else the reason's English text, is what the record and staff keep.
 */
export type SettleOutcome =
  | { status: 'Successful' }
  | { status: 'Error'; failureReason?: PaymentFailureReason; failureMessage?: string };

export interface SettleOptions {
  providerRef?: string | null;
  /**
   * Tell a customer about a failed manual payment by notification. Off when the failure is the
   * answer to their own request (they see it there); automatic payments always notify.
   */
  notifyManualFailure: boolean;
  /** Where the payment's emails are queued (in the caller's transaction). */
  outbox: Deps['outbox'];
}

/** The automatic payments job, as the events of the payments it makes name it. */
export const AUTOMATIC_PAYMENTS_JOB = 'automatic payments';

/**
 * Moves an InProgress payment to its final state, once: a repeated webhook or a second settlement
 * job finds nothing to do. Money counts as collected from this moment (ledger rules), and an Error
 * payment's assignments stop counting as committed, so the amount is open again. Run it inside the
 * caller's transaction.
 */
export const settlePayment = async (
  tx: PortalDb,
  now: Date,
  paymentId: bigint,
  outcome: SettleOutcome,
  options: SettleOptions,
): Promise<boolean> => {
  const failureReason = outcome.status === 'Error' ? (outcome.failureReason ?? 'card_declined') : null;
  const failureMessage = outcome.status === 'Error' ? (outcome.failureMessage ?? PAYMENT_FAILURE_TEXTS.en[failureReason!]) : null;
  const [settled] = await tx
    .update(payments)
    .set({
      status: outcome.status,
      failureMessage,
      failureReason,
      settledAt: now,
      ...(options.providerRef ? { providerRef: sql`coalesce(${payments.providerRef}, ${options.providerRef})` } : {}),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'InProgress')))
    .returning();
  if (!settled) return false;
  // A pay-all lead's shares were paid by the same charge: each settles with it, in its own account's ledger.
  for (const share of await tx.select({ id: payments.id }).from(payments).where(eq(payments.payAllId, settled.id))) {
    await settlePayment(tx, now, share.id, outcome, { ...options, providerRef: null });
  }
  // Counted as the row changes (a rare rollback after this over-counts by one; the ledger is the record).
  paymentsSettled.inc({ outcome: outcome.status });

  await recordAudit(tx, {
    actorUserId: null,
    accountId: settled.accountId,
    action: outcome.status === 'Successful' ? 'payment.succeeded' : 'payment.failed',
    entity: 'payment',
    entityId: settled.id,
    details: { amount: settled.amount, currency: settled.currency, failureReason, failureMessage },
  });

  // The person who submitted it, else the automatic payments job (which makes its payments without one).
  const actor = (await actorOfUser(tx, settled.createdByUserId)) ?? jobActor(AUTOMATIC_PAYMENTS_JOB);
  const payment = { paymentId: idText(settled.id), amount: moneyText(settled.amount), currency: settled.currency, paymentType: settled.type };
  if (outcome.status === 'Successful') {
    await recordTypedEvent(tx, { type: 'payment.succeeded', accountId: settled.accountId, actor, data: { ...payment, receiptNumber: settled.receiptNumber }, at: now });
  } else {
    await recordTypedEvent(tx, { type: 'payment.failed', accountId: settled.accountId, actor, data: { ...payment, failureReason: failureReason!, failureMessage: failureMessage! }, at: now });
  }

  const notify = { db: tx, outbox: options.outbox };
  const settledId = String(settled.id);
  if (outcome.status === 'Successful') {
    await notifyAccount(notify, {
      accountId: settled.accountId,
      event: 'payment_succeeded',
      data: { paymentId: settledId, amount: settled.amount, currency: settled.currency },
      at: now,
    });
  } else {
    const autopay = await tx
      .update(autopayRuns)
      .set({ outcome: 'failed', message: failureMessage })
      .where(eq(autopayRuns.paymentId, paymentId))
      .returning({ id: autopayRuns.id });
    const automatic = autopay.length > 0;
    if (automatic || options.notifyManualFailure) {
      await notifyAccount(notify, {
        accountId: settled.accountId,
        event: 'payment_failed',
        data: { paymentId: settledId, amount: settled.amount, currency: settled.currency, reason: failureMessage!, failureReason, automatic },
        at: now,
      });
    }
  }
  return true;
};
