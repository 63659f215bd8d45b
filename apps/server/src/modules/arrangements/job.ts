/**
 * The arrangements job step (docs/decisions/0010-in-process-jobs.md): charges each instalment on its date once,
 * however many instances run it, then closes the arrangements that are kept (everything paid) or broken (an
 * instalment's date passed unpaid: the customer is told, the amount is overdue again).
 */
import { arrangementOutcome, instalmentChargeMinor, instalmentStates, isCardExpired, minorToDecimal, toMinor } from '@portal/contract';
import type { Deps } from '../../http/deps';
import { lockAccount } from '../../lib/account-lock';
import { recordAudit } from '../../lib/audit';
import { idText, recordTypedEvent } from '../../lib/event-data';
import { jobActor } from '../../lib/events';
import { notifyAccount } from '../notifications';
import { findPaymentMethod, type PaymentMethodRow } from '../payment-methods';
import { allocateOldestFirst, insertPayment, openReceivables, submitCharge, type PaymentRow } from '../payments';
import { arrangementDay } from './service';
import { activeArrangementIds, claimInstalment, closeArrangement, coveredOf, dueInstalments, findArrangement, lockArrangement, setInstalmentPayment } from './repository';

export const ARRANGEMENTS_JOB = 'arrangements';
/** Payments of instalments are recorded as the account's automatic payments are, under this description. */
export const INSTALMENT_PAYMENT_TYPE = 'Credit Card';
export const INSTALMENT_DESCRIPTION = 'Payment arrangement instalment';
const BATCH_SIZE = 200;

export interface ArrangementRunSummary {
  charged: number;
  kept: number;
  broken: number;
}

type Claimed = { payment: PaymentRow; card: PaymentMethodRow; customerRef: string | null } | null;

/**
 * One instalment, in one transaction: the account's lock (as every payment takes it), the claim of the
 * instalment, then the payment of what it still lacks assigned to the arrangement's invoices. Nothing lacking
 * (paid by hand), or no usable card, claims it without a payment: the arrangement breaks if it stays unpaid.
 */
const claimAndRecord = async (deps: Pick<Deps, 'db'>, arrangementId: bigint, seq: number, now: Date): Promise<Claimed> =>
  deps.db.transaction(async (tx): Promise<Claimed> => {
    // The account's lock first, as payments and new arrangements take it, then the arrangement's.
    const peek = await findArrangement(tx, null, arrangementId);
    const account = peek ? await lockAccount(tx, peek.arrangement.accountId) : null;
    const record = account ? await lockArrangement(tx, arrangementId) : undefined;
    if (!account || !record || record.arrangement.status !== 'Active' || !(await claimInstalment(tx, arrangementId, seq, now))) return null;
    const rows = record.instalments.map((i) => ({ amountMinor: toMinor(i.amount) }));
    const index = record.instalments.findIndex((i) => i.seq === seq);
    const covered = await openReceivables(tx, account.id, record.arrangement.currency, await coveredOf(tx, arrangementId));
    const openMinor = covered.reduce((sum, r) => sum + (r.openMinor > 0n ? r.openMinor : 0n), 0n);
    const lacking = instalmentChargeMinor(rows, index, toMinor(record.paid));
    const amountMinor = lacking < openMinor ? lacking : openMinor;
    const card = record.arrangement.paymentMethodId === null ? null : await findPaymentMethod(tx, record.arrangement.paymentMethodId);
    if (amountMinor <= 0n || !card || isCardExpired(card, now)) return null;
    const allocation = allocateOldestFirst(
      covered.filter((r) => r.openMinor > 0n),
      amountMinor,
    );
    if (!allocation.ok) throw new Error('an instalment exceeds what its invoices have open');
    const payment = await insertPayment(
      tx,
      {
        accountId: account.id,
        date: now,
        createdAt: now,
        amount: minorToDecimal(amountMinor),
        currency: record.arrangement.currency,
        status: 'InProgress',
        type: INSTALMENT_PAYMENT_TYPE,
        description: INSTALMENT_DESCRIPTION,
        paymentMethodId: card.id,
        cardBrand: card.brand,
        cardLast4: card.last4,
        provider: card.provider,
        idempotencyKey: `arrangement:${arrangementId}:${seq}`,
      },
      allocation.assignments,
    );
    await setInstalmentPayment(tx, arrangementId, seq, payment.id);
    await recordAudit(tx, {
      actorUserId: null,
      accountId: account.id,
      action: 'arrangement.charged',
      entity: 'arrangement',
      entityId: arrangementId,
      details: { instalment: seq, paymentId: payment.id, amount: payment.amount },
    });
    return { payment, card, customerRef: account.providerCustomerRef };
  });

/** Closes one active arrangement if it is kept or broken on `today`; another instance holding it is skipped. */
const settleOutcome = async (deps: Pick<Deps, 'db' | 'outbox'>, arrangementId: bigint, now: Date): Promise<'Active' | 'Kept' | 'Broken'> =>
  deps.db.transaction(async (tx) => {
    const record = await lockArrangement(tx, arrangementId, true);
    if (!record || record.arrangement.status !== 'Active') return 'Active';
    const today = arrangementDay(now);
    const rows = record.instalments.map((i) => ({ date: i.dueDate, amountMinor: toMinor(i.amount) }));
    const paidMinor = toMinor(record.paid);
    const outcome = arrangementOutcome(rows, paidMinor, today);
    if (outcome === 'Active') return outcome;
    const { accountId, currency, amount } = record.arrangement;
    await closeArrangement(tx, arrangementId, outcome, now, null);
    await recordAudit(tx, { actorUserId: null, accountId, action: outcome === 'Kept' ? 'arrangement.kept' : 'arrangement.broken', entity: 'arrangement', entityId: arrangementId });
    const money = { arrangementId: idText(arrangementId), amount: minorToDecimal(toMinor(amount)), currency: currency.trim() };
    if (outcome === 'Kept') {
      await recordTypedEvent(tx, { type: 'arrangement.kept', accountId, actor: jobActor(ARRANGEMENTS_JOB), data: money, at: now });
      return outcome;
    }
    const states = instalmentStates(rows, paidMinor, today);
    const missedDate = record.instalments[states.indexOf('Missed')]!.dueDate;
    const unpaidMinor = toMinor(amount) - paidMinor;
    const unpaid = minorToDecimal(unpaidMinor > 0n ? unpaidMinor : 0n);
    await recordTypedEvent(tx, { type: 'arrangement.broken', accountId, actor: jobActor(ARRANGEMENTS_JOB), data: { ...money, missedDate, unpaid }, at: now });
    await notifyAccount(
      { db: tx, outbox: deps.outbox },
      { accountId, event: 'arrangement_broken', data: { arrangementId: idText(arrangementId), missedDate, unpaid, currency: currency.trim() }, at: now },
    );
    return outcome;
  });

/** The job step: safe to run twice or on several instances at once. */
export const runArrangements = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log' | 'outbox'>, now: Date): Promise<ArrangementRunSummary> => {
  const summary: ArrangementRunSummary = { charged: 0, kept: 0, broken: 0 };
  for (const due of await dueInstalments(deps.db, arrangementDay(now), BATCH_SIZE)) {
    // Each payment is dated, and its charge lease counted, from when it is recorded, not from the step's start:
    // a lease already over when the payment commits would let the resubmit job send the same charge again.
    const claimed = await claimAndRecord(deps, due.arrangementId, due.seq, deps.clock.now());
    if (!claimed) continue;
    // The charge leaves outside the transaction, under the payment's lease, as every charge does.
    await submitCharge(deps, { payment: claimed.payment, paymentMethodRef: claimed.card.providerRef, customerRef: claimed.customerRef }, true);
    summary.charged += 1;
  }
  let after = 0n;
  for (;;) {
    const ids = await activeArrangementIds(deps.db, after, BATCH_SIZE);
    for (const id of ids) {
      const outcome = await settleOutcome(deps, id, now);
      if (outcome === 'Kept') summary.kept += 1;
      if (outcome === 'Broken') summary.broken += 1;
    }
    if (ids.length < BATCH_SIZE) break;
    after = ids[ids.length - 1]!;
  }
  return summary;
};
