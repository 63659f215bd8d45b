/**
 * What turning automatic payments on will charge, when (the rules the automatic payments job follows), so the
 * setup dialog can say it before anything is saved. Pure and zod-free; days are `YYYY-MM-DD` (UTC, as the job's).
 */
import { MONTHLY_PAYMENT_DAY } from './accounts';

export interface AutopayOpenInvoice {
  dueDate: string;
  /** What is still open on it, in minor units. */
  openMinor: bigint;
  /** An automatic payment was already tried for it (it is not tried again on its own). */
  tried: boolean;
}

export interface AutopayTerms {
  frequency: 'dueDate' | 'monthly';
  amountType: 'full' | 'fixed';
  fixedAmountMinor: bigint | null;
}

/**
 * Whether a run on `day` takes an invoice: never one due before `chargeFrom` (overdue when the customer left
 * the overdue amount out); a due-date schedule only once it is due, a monthly one whatever is open.
 */
export const autopayTakes = (invoice: { dueDate: string }, frequency: AutopayTerms['frequency'], day: string, chargeFrom: string | null): boolean =>
  (chargeFrom === null || invoice.dueDate >= chargeFrom) && (frequency === 'monthly' || invoice.dueDate <= day);

/** The whole open amount, or the fixed amount but never more than is open; 0 when nothing is due. */
export const autopayChargeMinor = (terms: Pick<AutopayTerms, 'amountType' | 'fixedAmountMinor'>, openMinor: bigint): bigint => {
  if (openMinor <= 0n) return 0n;
  if (terms.amountType === 'full' || terms.fixedAmountMinor === null) return openMinor;
  return terms.fixedAmountMinor < openMinor ? terms.fixedAmountMinor : openMinor;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The monthly run day on or after `today`: today when the 15th has passed and the month is not charged yet. */
export const monthlyRunDay = (today: string, chargedThisMonth: boolean): string => {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (Number(today.slice(8, 10)) < MONTHLY_PAYMENT_DAY) return `${year}-${pad(month)}-${pad(MONTHLY_PAYMENT_DAY)}`;
  if (!chargedThisMonth) return today;
  return month === 12 ? `${year + 1}-01-${pad(MONTHLY_PAYMENT_DAY)}` : `${year}-${pad(month + 1)}-${pad(MONTHLY_PAYMENT_DAY)}`;
};

export interface AutopayPreviewInput extends AutopayTerms {
  /** Whether what is already overdue is charged too. */
  includeOverdue: boolean;
  today: string;
  openInvoices: readonly AutopayOpenInvoice[];
  chargedThisMonth: boolean;
}

export interface AutopayPreview {
  /** The first charge: its amount, its day, how many invoices (and of them overdue) it pays; null when none is due yet. */
  first: { amountMinor: bigint; date: string; invoiceCount: number; overdueCount: number } | null;
  /** What is overdue today (charged or left out, as chosen); null when nothing is. */
  overdue: { amountMinor: bigint; count: number } | null;
  /** True when the overdue amount is left out of automatic payments. */
  overdueLeftOut: boolean;
}

/** What saving these terms will charge first, and what is overdue: the sentence the dialog shows before Save. */
export const autopayPreview = (input: AutopayPreviewInput): AutopayPreview => {
  const { today } = input;
  const open = input.openInvoices.filter((i) => i.openMinor > 0n);
  const overdueInvoices = open.filter((i) => i.dueDate < today);
  const overdueMinor = overdueInvoices.reduce((sum, i) => sum + i.openMinor, 0n);
  const overdue = overdueInvoices.length > 0 ? { amountMinor: overdueMinor, count: overdueInvoices.length } : null;
  const chargeFrom = input.includeOverdue ? null : today;

  let date: string | null;
  if (input.frequency === 'monthly') {
    date = monthlyRunDay(today, input.chargedThisMonth);
  } else {
    // A due-date run starts with a bill whose due date has come and that was not tried yet.
    const next = open
      .filter((i) => !i.tried && autopayTakes(i, 'dueDate', i.dueDate, chargeFrom))
      .map((i) => (i.dueDate < today ? today : i.dueDate))
      .sort()[0];
    date = next ?? null;
  }
  const taken = date === null ? [] : open.filter((i) => autopayTakes(i, input.frequency, date, chargeFrom));
  const amountMinor = autopayChargeMinor(input, taken.reduce((sum, i) => sum + i.openMinor, 0n));
  return {
    first:
      date === null || amountMinor === 0n
        ? null
        : { amountMinor, date, invoiceCount: taken.length, overdueCount: taken.filter((i) => i.dueDate < today).length },
    overdue,
    overdueLeftOut: overdue !== null && !input.includeOverdue,
  };
};
