import {
  absMoney,
  compareMoney,
  toMinor,
  type Balance,
  type CurrencyCode,
  type Money,
  type PaymentToCreate,
} from '@portal/contract';

/**
 * Pure rules of the pay modal (spec §2 "Modals", §4 "Pay modal", §5 custom amount, decisions §4 idempotency).
 * The modal only renders what these return.
 */

/** Largest amount the contract accepts (|amount| < 1e13). */
const MONEY_LIMIT = 1e13;

/**
 * A typed amount as money: digits with at most 2 decimals, above zero. Anything else (empty, "abc", "-5",
 * "1.234", "1e3") is not a valid amount → null.
 */
export const parseAmount = (text: string): Money | null => {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed) && !/^\.\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value <= 0 || value >= MONEY_LIMIT) return null;
  return value;
};

export interface PayTarget {
  /** Total Balance: the invoice's owing, or the account balance to pay (any sign: shown and sent absolute). */
  total: Money;
  currency: CurrencyCode;
}

/**
 * Spec §4: the one-time payment defaults to the absolute value of the first negative balance (an amount
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

/** The amount the payment would take, absolute (spec §5); null when it is not a valid amount above zero. */
export const payAmount = (form: Pick<PayFormState, 'choice' | 'customText'>, total: Money): Money | null => {
  if (form.choice === 'custom') return parseAmount(form.customText);
  const amount = absMoney(total);
  return compareMoney(amount, 0) > 0 ? amount : null;
};

/** Inline error under Custom Amount (spec §5), once something has been typed there. */
export const showCustomAmountError = (form: Pick<PayFormState, 'choice' | 'customText'>): boolean =>
  form.choice === 'custom' && form.customText.trim() !== '' && parseAmount(form.customText) === null;

/**
 * Spec §4: the Pay button is disabled while processing, with no method chosen, or with a custom amount <= 0.
 * A Total Balance of zero cannot be paid either (the service refuses payments of 0).
 */
export const isPayDisabled = (form: PayFormState, total: Money, processing: boolean): boolean =>
  processing || form.paymentMethodId === null || payAmount(form, total) === null;

export type PayValidationError = 'methodAndAmount' | 'amount';

/**
 * Spec §5 messages on submit: no method → "Please select a payment method and enter a valid amount."; an
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
 * Body of POST Payment/customerpayment (spec §3 "Payment to create"): the amount absolute, a manual card
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
 * The Idempotency-Key of the next submit (decisions §4). A double click, or a retry after the answer was lost
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
