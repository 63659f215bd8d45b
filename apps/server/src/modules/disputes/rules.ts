/** The dispute rules that need no database: how much of a line or record may still be disputed or credited, and what refusals say. */
import { DISPUTE_WINDOW_DAYS, type DisputeStatus } from '@portal/contract';

/** A numeric text with up to 4 decimals ("1.5", "0.0125", "-3.00") in ten-thousandths, exactly. */
const tenThousandths = (numeric: string): bigint => {
  const match = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(numeric.trim());
  if (!match) throw new Error(`Not an amount with at most 4 decimals: ${numeric}`);
  const units = BigInt(match[2]!) * 10_000n + BigInt((match[3] ?? '').padEnd(4, '0'));
  return match[1] ? -units : units;
};

/** One billed amount (a charge line or a call record) and what is counted against it, as numeric text. */
export interface Claimed {
  /** 2 decimals for a charge, 4 for a call record */
  amount: string;
  /** what its live (not Rejected) disputes claim; a line's include those of its records */
  disputed: string;
  /** what its resolved disputes credited; a line's include those of its records */
  credited: string;
}

/**
 * What bounds a dispute and its credit. A line's amount is shared by the line and the call records billed
 * on it, so a record is bounded by its line too; a record of no line (included usage) only by itself.
 */
export interface DisputeBounds {
  line: Claimed | null;
  record: Claimed | null;
}

/** Billed cents: a call record's fraction of a cent rounded down, so nothing claims more than was billed. */
const billedCents = (amount: string): bigint => tenThousandths(amount) / 100n; // truncates toward zero: floor for positive amounts

const leftOf = (claimed: Claimed | null, used: 'disputed' | 'credited'): bigint | null => {
  if (!claimed) return null;
  const left = billedCents(claimed.amount) - tenThousandths(claimed[used]) / 100n;
  return left > 0n ? left : 0n;
};

const smallest = (...values: (bigint | null)[]): bigint =>
  values.reduce<bigint>((least, value) => (value !== null && value < least ? value : least), values.find((v) => v !== null) ?? 0n);

/**
 * The most a new dispute may claim, in cents: the line's amount less every live dispute on it and on its
 * records, and for a record also its own amount less its own disputes; never below zero.
 */
export const disputableCents = (bounds: DisputeBounds): bigint => smallest(leftOf(bounds.line, 'disputed'), leftOf(bounds.record, 'disputed'));

/** What the line (and the record) have left to credit after the credits their other disputes were given, in cents. */
export const creditLeftCents = (bounds: DisputeBounds): bigint => smallest(leftOf(bounds.line, 'credited'), leftOf(bounds.record, 'credited'));

/**
 * The most a resolution may credit, in cents: the dispute's amount, what the invoice still has open, and
 * what the line (and the record) have left to credit.
 */
export const creditableCents = (bounds: DisputeBounds, disputed: string, open: string): bigint => {
  const openCents = tenThousandths(open) / 100n;
  return smallest(tenThousandths(disputed) / 100n, openCents > 0n ? openCents : 0n, creditLeftCents(bounds));
};

/** An invoice's taxable subtotal and taxes (its Tax lines), and the tax its credits already gave back, as numeric text. */
export interface InvoiceTaxes {
  subtotal: string;
  taxes: string;
  taxCredited: string;
}

/**
 * The tax that follows a credit of a charge, in cents: the invoice's taxes in the proportion the credit is of
 * its taxable subtotal, rounded half up, and never more than the taxes its other credits left.
 */
export const taxFollowingCents = (creditCents: bigint, invoice: InvoiceTaxes): bigint => {
  const subtotal = tenThousandths(invoice.subtotal) / 100n;
  const taxes = tenThousandths(invoice.taxes) / 100n;
  if (subtotal <= 0n || taxes <= 0n || creditCents <= 0n) return 0n;
  const share = (2n * creditCents * taxes + subtotal) / (2n * subtotal);
  const left = taxes - tenThousandths(invoice.taxCredited) / 100n;
  return smallest(share, left > 0n ? left : 0n);
};

const STATUS_WORDS: Record<DisputeStatus, string> = { Open: 'open', UnderReview: 'under review', Resolved: 'resolved', Rejected: 'rejected' };

export const DISPUTE_MESSAGES = {
  windowClosed: (billingDay: string, closesOn: string) =>
    `The terms say charge disputes must be raised within ${DISPUTE_WINDOW_DAYS} days of the billing date. This invoice was billed on ${billingDay}; disputes closed after ${closesOn}.`,
  taxLine: 'A tax is not disputed on its own: it follows the charges it is on. Dispute the charge instead.',
  unbilled: 'This call is in a period that has not been billed yet: it can be disputed once its invoice is issued.',
  aboveLine: (maximum: string) =>
    `The disputed amount cannot be more than the charge (less what other disputes of it and of its call records claim): at most ${maximum}.`,
  creditAboveLine: (maximum: string) =>
    `The credits of a charge and of its call records cannot add up to more than the charge: at most ${maximum} can still be credited.`,
  creditAboveDisputed: (disputed: string) => `The credit cannot be more than the disputed amount (${disputed}).`,
  creditAboveOwing: (open: string) => `The invoice owes only ${open}: the credit cannot take it below zero.`,
  creditAndTaxAboveOwing: (open: string, tax: string) =>
    `The invoice owes only ${open}: the credit and the tax that follows it (${tax}) cannot take it below zero.`,
  cannotMove: (from: DisputeStatus, to: DisputeStatus) =>
    to === 'UnderReview'
      ? `This dispute is ${STATUS_WORDS[from]}: only an open dispute can be taken for review.`
      : `This dispute is ${STATUS_WORDS[from]}: only a dispute under review can be resolved or rejected.`,
} as const;
