import {
  absMoney,
  compareMoney,
  toMinor,
  type Balance,
  type CurrencyCode,
  type Money,
  type PaymentToCreate,
} from '@portal/contract';
import { parseAmount } from '@/lib/amount';

/**
 * Pure rules of the pay modal (docs/decisions/0005-security-model.md).
 * The modal only renders what these return.
 */

export interface PayTarget {
  /** Total Balance: the invoice's owing, or the account balance to pay (any sign: shown and sent absolute). */
  total: Money;
  currency: CurrencyCode;
}

/**
 * The one-time payment defaults to the absolute value of the first negative balance (an amount
 * owing), else the first balance. No balances → null (nothing to default to).
 */
export const defaultOneTimeTarget = (balances: readonly Balance[]): PayTarget | null => {
  const chosen = balances.find((b) => compareMoney(b.amount, 0) < 0) ?? balances[0];
  return chosen ? { total: absMoney(chosen.amount), currency: chosen.currency.code } : null;
};

export type AmountChoice = 'total' | 'custom';

export interface PayFormState {
  choice: AmountChoice;
  /** What the customer typed in Custom Amount. */
  customText: string;
  /** Id of the chosen saved card, null when none is chosen. */
  paymentMethodId: bigint | null;
}

/**
 * What is wrong with a typed custom amount, once something is typed: not an amount above zero,
 * more than 2 decimals, or more than is owed (`total`, the most a payment can take: the service never
 * assigns more than is open). Null when it can be paid.
 */
export type CustomAmountProblem = 'invalid' | 'decimals' | 'aboveOwing';
export const customAmountProblem = (text: string, total: Money): CustomAmountProblem | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^\d*\.\d{3,}$/.test(trimmed)) return 'decimals';
  const amount = parseAmount(trimmed);
  if (amount === null) return 'invalid';
  const most = absMoney(total);
  return compareMoney(most, 0) > 0 && compareMoney(amount, most) > 0 ? 'aboveOwing' : null;
};

/** The amount the payment would take, absolute; null when it is not a valid amount above zero. */
export const payAmount = (form: Pick<PayFormState, 'choice' | 'customText'>, total: Money): Money | null => {
  if (form.choice === 'custom') return customAmountProblem(form.customText, total) ? null : parseAmount(form.customText);
  const amount = absMoney(total);
  return compareMoney(amount, 0) > 0 ? amount : null;
};

/** Inline error under Custom Amount, once something has been typed there. */
export const showCustomAmountError = (form: Pick<PayFormState, 'choice' | 'customText'>, total: Money): CustomAmountProblem | null =>
  form.choice === 'custom' ? customAmountProblem(form.customText, total) : null;

/** Nothing is owed when no balance is below zero; "Pay Now" then says so instead of opening. */
export const hasBalanceOwing = (balances: readonly Balance[]): boolean => balances.some((b) => compareMoney(b.amount, 0) < 0);

/**
 * The Pay button is disabled while processing, with no method chosen, or with a custom amount <= 0.
 * A Total Balance of zero cannot be paid either (the service refuses payments of 0).
 */
export const isPayDisabled = (form: PayFormState, total: Money, processing: boolean): boolean =>
  processing || form.paymentMethodId === null || payAmount(form, total) === null;

export type PayValidationError = 'methodAndAmount' | 'amount';

/**
 * The spec's messages on submit: no method → "Please select a payment method and enter a valid amount."; an
 * invalid amount → "Please enter a valid payment amount.". Null when the payment may be sent.
 */
export const payValidationError = (form: PayFormState, total: Money): PayValidationError | null => {
  if (form.paymentMethodId === null) return 'methodAndAmount';
  if (payAmount(form, total) === null) return 'amount';
  return null;
};

/** Descriptions stored with the payment (data, not UI text: the same whatever language the payer uses). */
export const paymentDescriptionFor = (invoiceNumber: string | null): string =>
  invoiceNumber ? `Payment for invoice #${invoiceNumber}` : 'One-time payment';

export interface PaymentRequestInput {
  accountId: bigint;
  amount: Money;
  currency: CurrencyCode;
  paymentMethodId: bigint;
  cardId: string;
  /** Paying one invoice: its number and receivable, so the money goes to that invoice and no other. */
  invoice: { invoiceNumber: string; arId: bigint } | null;
}

/**
 * Body of POST Payment/customerpayment: the amount absolute, a manual card
 * payment. An invoice payment is assigned to that invoice's receivable; a one-time payment is assigned
 * oldest first by the service (autoAssignPayment).
 */
export const buildPaymentToCreate = (input: PaymentRequestInput): PaymentToCreate => {
  const amount = absMoney(input.amount);
  return {
    payment: {
      status: 'InProgress',
      type: 'Credit Card (Manual)',
      accountId: input.accountId,
      amount,
      currency: input.currency,
      description: paymentDescriptionFor(input.invoice?.invoiceNumber ?? null),
    },
    paymentMethodInfo: { paymentMethodId: input.paymentMethodId, cardId: input.cardId, selected: true },
    ...(input.invoice ? { paymentAssignments: [{ arId: input.invoice.arId, amount }] } : {}),
  };
};

// ── Idempotency ─────────────────────────────────────────────────────────────────────────────────

/** What one payment attempt asks for: the same key must never be reused for a different request. */
export const paymentFingerprint = (amount: Money, paymentMethodId: bigint): string => `${toMinor(amount)}:${paymentMethodId}`;

export interface PaymentAttempt {
  key: string;
  fingerprint: string;
  /** The service answered (paid, declined or refused): a new attempt needs a new key. */
  answered: boolean;
}

/**
 * The Idempotency-Key of the next submit (docs/decisions/0005-security-model.md). A double click, or a retry after the answer was lost
 * (network error, 5xx), resends the same key with the same request, so the card is charged once. After an
 * answer (e.g. a decline) or with a different amount or card, a new key: the service would otherwise replay
 * the earlier outcome or refuse the changed request.
 */
export const nextPaymentAttempt = (
  previous: PaymentAttempt | null,
  fingerprint: string,
  newKey: () => string,
): PaymentAttempt => {
  if (previous && !previous.answered && previous.fingerprint === fingerprint) return previous;
  return { key: newKey(), fingerprint, answered: false };
};
