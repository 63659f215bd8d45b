import { lockAccount } from '../../lib/account-lock';
import { randomUUID } from 'node:crypto';
import { ARRANGEMENT_MESSAGES, PAYMENT_FAILURE_TEXTS, PAYMENT_MESSAGES, minorToDecimal, paymentFailureReasonOf, toMinor, wrongCurrencyMessage, type Money, type RecentPayment } from '@portal/contract';
import { badRequest, conflict, notFound } from '../../errors';
import { assertAccountAccess } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { isBelowMinimumPayment, paymentPolicyOfAccount } from '../../lib/payment-policy';
import type { Caller } from '../../lib/caller';
import { isCardExpired } from '@portal/contract';
import { findPaymentMethod, queueDebitNotice, type PaymentMethodRow } from '../payment-methods';
import { allocateOldestFirst, checkExplicitAssignments, type AllocationResult } from '../../lib/allocation';
import { submitCharge } from './charging';
import { presentPayment } from './presenter';
import type { Deps } from '../../http/deps';
import {
  findPaymentByKey,
  insertPayment,
  isIdempotencyConflict,
  openReceivables,
  type PaymentRow,
} from './repository';

/** Manual one-time and invoice payments; automatic ones are "Credit Card". */
export const MANUAL_PAYMENT_TYPE = 'Credit Card (Manual)';

export interface CustomerPaymentInput {
  accountId: bigint;
  paymentMethodId: bigint;
  amount: Money;
  currency: string;
  description: string | null;
  autoAssign: boolean;
  assignments: { arId: bigint; amount: Money }[] | undefined;
  idempotencyKey: string;
}

export interface PaymentOutcome {
  payment: RecentPayment;
  /** The provider's refusal, when the charge failed while the customer waited. */
  error: string | null;
}

const MAX_KEY_LENGTH = 255;

/**
 * The key that makes a submit idempotent: the Idempotency-Key header, else the client's own
 * non-zero payment id; without either a request cannot be recognised when repeated.
 */
export const idempotencyKeyOf = (header: string | string[] | undefined, clientPaymentId: bigint | undefined): string => {
  if (header !== undefined) {
    const value = Array.isArray(header) ? header[0] : header;
    const key = (value ?? '').trim();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) throw badRequest(PAYMENT_MESSAGES.idempotencyKeyInvalid);
    return `key:${key}`;
  }
  if (clientPaymentId && clientPaymentId !== 0n) return `payment-id:${clientPaymentId}`;
  return `auto:${randomUUID()}`;
};

// The reason's own wording, not the provider's: the portal words the same reason in the customer's language.
const outcomeOf = (payment: PaymentRow): PaymentOutcome => ({
  payment: presentPayment(payment),
  error: payment.status === 'Error' ? PAYMENT_FAILURE_TEXTS.en[paymentFailureReasonOf(payment.failureReason)] : null,
});

/** A repeated submit answers with the first one's payment, unless it asks for something else. */
const replay = (existing: PaymentRow, input: CustomerPaymentInput): PaymentOutcome => {
  if (toMinor(existing.amount) !== toMinor(input.amount) || existing.paymentMethodId !== input.paymentMethodId) {
    throw conflict(PAYMENT_MESSAGES.idempotencyKeyReused);
  }
  return outcomeOf(existing);
};

const allocationError = (result: Extract<AllocationResult, { ok: false }>) => {
  switch (result.reason) {
    case 'unknown_receivable':
      return notFound('The invoice to pay');
    case 'duplicate_receivable':
      return badRequest(PAYMENT_MESSAGES.duplicateAssignment);
    case 'sum_mismatch':
      return badRequest(PAYMENT_MESSAGES.assignmentsSum);
    case 'more_than_owing':
      return badRequest(PAYMENT_MESSAGES.moreThanOwing);
  }
};

/** The card to charge: one of the account's, not expired (404 for another account's card, like an unknown one). */
export const usableCard = async (deps: Pick<Deps, 'db' | 'clock'>, accountId: bigint, paymentMethodId: bigint): Promise<PaymentMethodRow> => {
  const card = await findPaymentMethod(deps.db, paymentMethodId);
  if (!card || card.accountId !== accountId) throw notFound('The payment method');
  if (isCardExpired(card, deps.clock.now())) throw badRequest(PAYMENT_MESSAGES.cardExpired);
  return card;
};

/**
 * Takes a customer's card payment: validates it, assigns it to receivables (oldest first, or as the
 * client chose) under the account lock so concurrent submits cannot overpay, records it InProgress
 * and sends it to the provider. A repeated submit with the same key returns the same payment and
 * charges once.
 */
export const createCustomerPayment = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log' | 'outbox' | 'config'>, caller: Caller, input: CustomerPaymentInput): Promise<PaymentOutcome> => {
  await assertAccountAccess(deps.db, caller, input.accountId);
  const earlier = await findPaymentByKey(deps.db, input.accountId, input.idempotencyKey);
  if (earlier) return replay(earlier, input);

  const card = await usableCard(deps, input.accountId, input.paymentMethodId);
  const amountMinor = toMinor(input.amount);
  const now = deps.clock.now();

  let created: { payment: PaymentRow; customerRef: string | null } | { replayed: PaymentOutcome };
  try {
    created = await deps.db.transaction(async (tx) => {
      const account = await lockAccount(tx, input.accountId);
      if (!account) throw notFound('The account');
      // Re-read under the lock: a concurrent submit with the same key has committed by now.
      const winner = await findPaymentByKey(tx, input.accountId, input.idempotencyKey);
      if (winner) return { replayed: replay(winner, input) };
      if (input.currency !== account.currency) throw badRequest(wrongCurrencyMessage(account.currency));
      // The provider's minimum payment (docs/decisions/0034-payment-arrangements-and-policy.md); the whole balance is always accepted.
      const policy = await paymentPolicyOfAccount(tx, deps.config, input.accountId);
      if (toMinor(policy.minimumPayment) > 0n) {
        const openMinor = (await openReceivables(tx, input.accountId, account.currency)).reduce((sum, r) => sum + r.openMinor, 0n);
        if (isBelowMinimumPayment(policy, amountMinor, openMinor)) throw badRequest(ARRANGEMENT_MESSAGES.belowMinimum(policy.minimumPayment));
      }

      let allocation: AllocationResult;
      if (input.assignments && input.assignments.length > 0) {
        const requested = input.assignments.map((a) => ({ receivableId: a.arId, amountMinor: toMinor(a.amount) }));
        const receivables = await openReceivables(tx, input.accountId, account.currency, [...new Set(requested.map((r) => r.receivableId))]);
        allocation = checkExplicitAssignments(receivables, requested, amountMinor);
      } else {
        // Without explicit assignments every payment is assigned oldest first, whatever
        // autoAssignPayment says: the ledger keeps no unapplied credit.
        allocation = allocateOldestFirst(await openReceivables(tx, input.accountId, account.currency), amountMinor);
      }
      if (!allocation.ok) throw allocationError(allocation);

      const payment = await insertPayment(
        tx,
        {
          accountId: input.accountId,
          date: now,
          createdAt: now,
          amount: minorToDecimal(amountMinor),
          currency: account.currency,
          status: 'InProgress',
          type: MANUAL_PAYMENT_TYPE,
          description: input.description,
          paymentMethodId: card.id,
          cardBrand: card.brand,
          cardLast4: card.last4,
          bankDebit: card.type === 'bank_account',
          provider: card.provider,
          idempotencyKey: input.idempotencyKey,
          createdByUserId: caller.userId,
        },
        allocation.assignments,
      );
      await recordAudit(tx, {
        actorUserId: caller.userId,
        accountId: input.accountId,
        action: 'payment.created',
        entity: 'payment',
        entityId: payment.id,
        details: {
          amount: payment.amount,
          currency: payment.currency,
          paymentMethodId: card.id,
          autoAssign: input.autoAssign,
          assignments: allocation.assignments.map((a) => ({ arId: a.receivableId, amount: minorToDecimal(a.amountMinor) })),
        },
      });
      // The agreement tells the customer each debit's amount and date before it is taken (docs/decisions/0035-bank-debit.md).
      if (payment.bankDebit) {
        await queueDebitNotice(tx, deps.outbox, { accountId: payment.accountId, amount: payment.amount, currency: payment.currency, createdByUserId: caller.userId, method: card, at: now });
      }
      return { payment, customerRef: account.providerCustomerRef };
    });
  } catch (error) {
    if (!isIdempotencyConflict(error)) throw error;
    const winner = await findPaymentByKey(deps.db, input.accountId, input.idempotencyKey);
    if (!winner) throw error;
    return replay(winner, input);
  }
  if ('replayed' in created) return created.replayed;

  const payment = await submitCharge(deps, { payment: created.payment, paymentMethodRef: card.providerRef, customerRef: created.customerRef }, false);
  return outcomeOf(payment);
};
