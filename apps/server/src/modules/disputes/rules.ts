/** The dispute rules that need no database: how much of a line may still be disputed, and what refusals say. */
import { DISPUTE_WINDOW_DAYS, type DisputeStatus } from '@portal/contract';

/** A numeric text with up to 4 decimals ("1.5", "0.0125", "-3.00") in ten-thousandths, exactly. */
const tenThousandths = (numeric: string): bigint => {
  const match = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(numeric.trim());
  if (!match) throw new Error(`Not an amount with at most 4 decimals: ${numeric}`);
  const units = BigInt(match[2]!) * 10_000n + BigInt((match[3] ?? '').padEnd(4, '0'));
  return match[1] ? -units : units;
};

/**
 * The most a new dispute of a line may claim, in cents: the line's amount (a call record's fraction of
 * a cent rounded down, so a dispute never claims more than was billed) less what the line's other live
 * disputes already claim; never below zero.
 */
export const lineMaximum = (lineAmount: string, alreadyDisputed: string): bigint => {
  const lineCents = tenThousandths(lineAmount) / 100n; // truncates toward zero: floor for positive lines
  const left = lineCents - tenThousandths(alreadyDisputed) / 100n;
  return left > 0n ? left : 0n;
};

const STATUS_WORDS: Record<DisputeStatus, string> = { Open: 'open', UnderReview: 'under review', Resolved: 'resolved', Rejected: 'rejected' };

export const DISPUTE_MESSAGES = {
  windowClosed: (billingDay: string, closesOn: string) =>
    `The terms say charge disputes must be raised within ${DISPUTE_WINDOW_DAYS} days of the billing date. This invoice was billed on ${billingDay}; disputes closed after ${closesOn}.`,
  unbilled: 'This call is in a period that has not been billed yet: it can be disputed once its invoice is issued.',
  aboveLine: (maximum: string) => `The disputed amount cannot be more than the charge (less what other disputes of it claim): at most ${maximum}.`,
  creditAboveDisputed: (disputed: string) => `The credit cannot be more than the disputed amount (${disputed}).`,
  creditAboveOwing: (open: string) => `The invoice owes only ${open}: the credit cannot take it below zero.`,
  cannotMove: (from: DisputeStatus, to: DisputeStatus) =>
    to === 'UnderReview'
      ? `This dispute is ${STATUS_WORDS[from]}: only an open dispute can be taken for review.`
      : `This dispute is ${STATUS_WORDS[from]}: only a dispute under review can be resolved or rejected.`,
} as const;
