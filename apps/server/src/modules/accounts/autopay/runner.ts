import { lockAccount } from '../../../lib/account-lock';
import { AUTOPAY_ON, autopayPausedFor, autopayTakes, minorToDecimal, toMinor } from '@portal/contract';
import { recordAudit } from '../../../lib/audit';
import { cardExpiry, isCardExpired } from '@portal/contract';
import { allocateOldestFirst } from '../../payments';
import { submitCharge } from '../../payments';
import type { Deps } from '../../../http/deps';
import { insertPayment, openReceivables, type PaymentRow } from '../../payments';
import { findPaymentMethod, type PaymentMethodRow } from '../../payment-methods';
import { notifyAccount } from '../../notifications';
import { coveredReceivableIds } from '../../arrangements';
import { claimRun, dueCandidates, findSchedule, finishRun, type AutopayCandidate } from './repository';
import { autopayAmountMinor, frequencyOfPeriod, isMonthlyRunDue, monthlyPeriod, utcDay } from './rules';

/** Automatic payments are recorded under the account payment method that turns them on. */
export const AUTOPAY_PAYMENT_TYPE = AUTOPAY_ON;
export const AUTOPAY_DESCRIPTION = 'Automatic payment';
const BATCH_SIZE = 200;

export interface AutopayRunSummary {
  charged: number;
  nothingDue: number;
  failed: number;
  skipped: number;
}

type Prepared =
  | { kind: 'skipped' }
  | { kind: 'nothing_due' }
  | { kind: 'failed' }
  | { kind: 'charged'; payment: PaymentRow; card: PaymentMethodRow; customerRef: string | null };

const cardProblem = (card: PaymentMethodRow | null, now: Date): string | null => {
  if (!card) return 'the card for automatic payments was removed';
  if (isCardExpired(card, now)) return `the card ending ${card.last4} expired (${cardExpiry(card)})`;
  return null;
};

/**
 * One account period, in one transaction: lock the account (as manual payments do), claim the
 * period, then record the payment and its assignments. A period already claimed by another run or
 * instance is skipped, so each period is charged at most once.
 */
const prepareRun = async (deps: Pick<Deps, 'db' | 'outbox'>, candidate: AutopayCandidate, now: Date, writtenAt: () => Date): Promise<Prepared> =>
  deps.db.transaction(async (tx): Promise<Prepared> => {
    const account = await lockAccount(tx, candidate.accountId);
    if (!account || account.paymentMethod !== AUTOPAY_ON) return { kind: 'skipped' };
    const schedule = await findSchedule(tx, candidate.accountId);
    if (!schedule || schedule.frequency !== frequencyOfPeriod(candidate.period)) return { kind: 'skipped' };
    const runId = await claimRun(tx, candidate.accountId, candidate.period, now);
    if (runId === null) return { kind: 'skipped' };

    // A due-date run takes the bills whose due date has come, a monthly one the balance; neither what was left out,
    // nor what an active payment arrangement covers (its instalments pay it: docs/decisions/0034-payment-arrangements-and-policy.md).
    const frequency = frequencyOfPeriod(candidate.period);
    const covered = await coveredReceivableIds(tx, candidate.accountId);
    const open = (await openReceivables(tx, candidate.accountId, account.currency)).filter(
      (r) => autopayTakes(r, frequency, utcDay(now), schedule.chargeFrom) && !autopayPausedFor(r.id, covered),
    );
    const openMinor = open.reduce((sum, r) => sum + r.openMinor, 0n);
    const amountMinor = autopayAmountMinor(
      { amountType: schedule.amountType, fixedAmountMinor: schedule.fixedAmount === null ? null : toMinor(schedule.fixedAmount) },
      openMinor,
    );
    if (amountMinor === 0n) {
      await finishRun(tx, runId, { outcome: 'nothing_due' });
      return { kind: 'nothing_due' };
    }

    const card = await findPaymentMethod(tx, schedule.paymentMethodId);
    const problem = cardProblem(card, now);
    if (problem || !card) {
      const reason = problem ?? 'the card for automatic payments was removed';
      await finishRun(tx, runId, { outcome: 'failed', message: reason });
      await notifyAccount(
        { db: tx, outbox: deps.outbox },
        {
          accountId: candidate.accountId,
          event: 'payment_failed',
          data: { paymentId: null, period: candidate.period, amount: minorToDecimal(amountMinor), currency: account.currency, reason, automatic: true },
          at: now,
        },
      );
      return { kind: 'failed' };
    }

    const allocation = allocateOldestFirst(open, amountMinor);
    if (!allocation.ok) throw new Error('autopay amount exceeds the open balance it was computed from');
    // Dated when written, not when the step began: its charge lease runs from here, and a lease already
    // over when a long run commits would let the resubmit job send the charge beside this run.
    const createdAt = writtenAt();
    const payment = await insertPayment(
      tx,
      {
        accountId: candidate.accountId,
        date: createdAt,
        createdAt,
        amount: minorToDecimal(amountMinor),
        currency: account.currency,
        status: 'InProgress',
        type: AUTOPAY_PAYMENT_TYPE,
        description: AUTOPAY_DESCRIPTION,
        paymentMethodId: card.id,
        cardBrand: card.brand,
        cardLast4: card.last4,
        bankDebit: card.type === 'bank_account',
        provider: card.provider,
        idempotencyKey: `autopay:${candidate.period}`,
      },
      allocation.assignments,
    );
    await finishRun(tx, runId, { outcome: 'charged', paymentId: payment.id });
    await recordAudit(tx, {
      actorUserId: null,
      accountId: candidate.accountId,
      action: 'autopay.charged',
      entity: 'payment',
      entityId: payment.id,
      details: { period: candidate.period, amount: payment.amount, currency: payment.currency },
    });
    return { kind: 'charged', payment, card, customerRef: account.providerCustomerRef };
  });

/**
 * The automatic payments job step: charges every account period that is due at `now`. Safe to run
 * twice or on several instances at once. A card failure leaves the payment in Error, the run
 * 'failed' and a notification for the customer (settlePayment does that).
 */
export const runDueAutopay = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log' | 'outbox'>, now: Date): Promise<AutopayRunSummary> => {
  const day = utcDay(now);
  const candidates = await dueCandidates(deps.db, day, isMonthlyRunDue(day) ? monthlyPeriod(day) : null, BATCH_SIZE);
  const summary: AutopayRunSummary = { charged: 0, nothingDue: 0, failed: 0, skipped: 0 };
  // The step's `now`, moved on by the time the run has taken so far on the deps' clock.
  const started = deps.clock.now().getTime();
  const writtenAt = () => new Date(now.getTime() + deps.clock.now().getTime() - started);
  for (const candidate of candidates) {
    const prepared = await prepareRun(deps, candidate, now, writtenAt);
    switch (prepared.kind) {
      case 'skipped':
        summary.skipped += 1;
        break;
      case 'nothing_due':
        summary.nothingDue += 1;
        break;
      case 'failed':
        summary.failed += 1;
        break;
      case 'charged': {
        const payment = await submitCharge(deps, { payment: prepared.payment, paymentMethodRef: prepared.card.providerRef, customerRef: prepared.customerRef }, true);
        if (payment.status === 'Error') summary.failed += 1;
        else summary.charged += 1;
        break;
      }
    }
  }
  return summary;
};
