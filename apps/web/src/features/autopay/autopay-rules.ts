import {
  AUTOPAY_ON,
  autopayPreview,
  DEFAULT_FIXED_AUTOPAY_AMOUNT,
  toMinor,
  type AccountPaymentMethod,
  type AutopayPreview,
  type AutopaySchedule,
  type AutopayScheduleResponse,
  type PaymentMethodEntry,
} from '@portal/contract';
import { parseAmount } from '@/lib/amount';
import { preferredCard, usableCards } from '@/lib/cards';

/**
 * Pure rules of automatic payments and "Setup Automatic Payments"
 * (docs/decisions/0006-where-the-spec-is-wrong.md: the dialog really saves frequency, amount and card).
 */

/** Automatic payments are on when the account's payment method is "Credit Card". */
export const isAutopayOn = (paymentMethod: AccountPaymentMethod | null | undefined): boolean => paymentMethod === AUTOPAY_ON;

export type AutopayFrequency = AutopaySchedule['frequency'];
export type AutopayAmountType = AutopaySchedule['amountType'];

export interface AutopayForm {
  frequency: AutopayFrequency;
  amountType: AutopayAmountType;
  /** The fixed amount as typed. */
  fixedAmountText: string;
  paymentMethodId: bigint | null;
  /** Whether what is already overdue is charged too (asked only when something is). */
  includeOverdue: boolean;
}

/**
 * The dialog's starting values: the saved schedule when there is one (its card only while it can still pay),
 * else the spec's defaults — due date, full balance, fixed amount 100 — with the default card preselected,
 * else the first card; expired cards are never chosen.
 */
export const autopayFormDefaults = (
  cards: readonly PaymentMethodEntry[],
  today: Date,
  saved: AutopaySchedule | null = null,
): AutopayForm => {
  const usable = usableCards(cards, today);
  const savedCard = saved ? usable.find((c) => c.paymentMethod.id === saved.paymentMethodId) : undefined;
  return {
    frequency: saved?.frequency ?? 'dueDate',
    amountType: saved?.amountType ?? 'full',
    fixedAmountText: String(saved?.fixedAmount ?? DEFAULT_FIXED_AUTOPAY_AMOUNT),
    paymentMethodId: (savedCard ?? preferredCard(cards, today))?.paymentMethod.id ?? null,
    includeOverdue: saved?.includeOverdue ?? true,
  };
};

export type AutopayFormError = 'selectMethod' | 'amount';

export interface AutopayValidation {
  /** The message shown on save, null when the form may be saved. */
  error: AutopayFormError | null;
  /** Inline "Please enter a valid amount" under the fixed amount. */
  amountInvalid: boolean;
}

/**
 * A method must be selected ("Please select a payment method."); a fixed amount must be > 0
 * ("Please enter a valid payment amount.", inline "Please enter a valid amount"); a non-numeric amount counts
 * as 0, i.e. is invalid. A full-balance schedule ignores the fixed amount.
 */
export const validateAutopayForm = (form: AutopayForm): AutopayValidation => {
  const amountInvalid = form.amountType === 'fixed' && parseAmount(form.fixedAmountText) === null;
  if (form.paymentMethodId === null) return { error: 'selectMethod', amountInvalid };
  return { error: amountInvalid ? 'amount' : null, amountInvalid };
};

/** Body of PUT Account/{accountId}/autopay; null while the form is invalid. */
export const buildAutopaySchedule = (accountId: bigint, form: AutopayForm): AutopaySchedule | null => {
  if (validateAutopayForm(form).error !== null || form.paymentMethodId === null) return null;
  return {
    accountId,
    paymentMethodId: form.paymentMethodId,
    frequency: form.frequency,
    amountType: form.amountType,
    fixedAmount: form.amountType === 'fixed' ? parseAmount(form.fixedAmountText) : null,
    includeOverdue: form.includeOverdue,
  };
};

/**
 * What saving the form will charge first, and what is overdue (the contract's autopayPreview over the
 * server's open invoices); null while the form cannot be saved, since its amount is not known.
 */
export const formPreview = (form: AutopayForm, inputs: AutopayScheduleResponse['preview']): AutopayPreview | null => {
  if (validateAutopayForm(form).error !== null) return null;
  const fixed = form.amountType === 'fixed' ? parseAmount(form.fixedAmountText) : null;
  return autopayPreview({
    frequency: form.frequency,
    amountType: form.amountType,
    fixedAmountMinor: fixed === null ? null : toMinor(fixed),
    includeOverdue: form.includeOverdue,
    today: inputs.today,
    chargedThisMonth: inputs.chargedThisMonth,
    openInvoices: inputs.openInvoices.map((i) => ({ dueDate: i.dueDate, openMinor: toMinor(i.amount), tried: i.tried })),
  });
};
