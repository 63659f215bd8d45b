/**
 * The dispute screens' rules: whether the terms' window is open, how much of a line may still be disputed,
 * and what a typed dispute lacks. The service decides (it uses the account's time zone); the screens use the
 * browser's, which can differ by a few hours around midnight of the last day, when the service's answer shows.
 */
import {
  disputeWindowClosesOn,
  fromMinor,
  isDisputeWindowOpen,
  todayIn,
  toMinor,
  type Dispute,
  type DisputeReason,
  type Charge,
  type DisputeStatus,
  type Money,
} from '@portal/contract';
import type { BadgeTone } from '@/components/ui/badge';
import { parseAmount } from '@/lib/amount';

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The window of an invoice posted at `postedDate`: the last day and whether `now` is still inside it. */
export const disputeWindowOf = (
  postedDate: string | null,
  now: Date,
  timeZone: string = browserZone(),
): { open: boolean; closesOn: string | null } => {
  if (!postedDate) return { open: false, closesOn: null };
  const billingDay = todayIn(timeZone, new Date(postedDate));
  return { open: isDisputeWindowOpen(billingDay, todayIn(timeZone, now)), closesOn: disputeWindowClosesOn(billingDay) };
};

/**
 * What a new dispute of a charge line may claim: its amount less the live (not rejected) disputes counted
 * against it, those of the call records billed on it included (`lineChargeId`).
 */
export const disputableAmount = (
  line: { id: bigint; amount: Money },
  disputes: readonly Pick<Dispute, 'amount' | 'status' | 'lineChargeId'>[],
): Money => {
  const claimed = disputes.filter((d) => d.lineChargeId === line.id && d.status !== 'Rejected').reduce((sum, d) => sum + toMinor(d.amount), 0n);
  const left = toMinor(line.amount) - claimed;
  return fromMinor(left > 0n ? left : 0n);
};

/** Taxes are not disputed on their own (they follow the charges they are on); the rest may be. */
export const isDisputableCategory = (category: Charge['category']): boolean => category !== 'Tax';

export type DisputeFormError = 'chargeRequired' | 'reasonRequired' | 'amountInvalid' | 'amountAboveLine' | 'detailsTooLong';

/** The form's problems by field (nothing saved while there is one). */
export const disputeFormErrors = (
  form: { reason: DisputeReason | ''; amount: string; details: string },
  maximum: Money,
  detailsMax: number,
): Partial<Record<'reason' | 'amount' | 'details', DisputeFormError>> => {
  const amount = parseAmount(form.amount);
  return {
    ...(form.reason ? {} : { reason: 'reasonRequired' as const }),
    ...(amount === null ? { amount: 'amountInvalid' as const } : toMinor(amount) > toMinor(maximum) ? { amount: 'amountAboveLine' as const } : {}),
    ...(form.details.trim().length > detailsMax ? { details: 'detailsTooLong' as const } : {}),
  };
};

export const STATUS_TONE: Record<DisputeStatus, BadgeTone> = { Open: 'warning', UnderReview: 'info', Resolved: 'success', Rejected: 'neutral' };

/** What an account number may be typed as in the queue's filter: the characters customer numbers are made of. */
export const isAccountNumber = (text: string): boolean => /^[A-Za-z0-9-]{1,40}$/.test(text);

/** The queue's dnfilter: the view's, narrowed to one account number when one is given (checked by `isAccountNumber`). */
export const queueFilter = (viewFilter: string, accountNumber: string): string => {
  if (!accountNumber) return viewFilter;
  const account = `AccountNumber=="${accountNumber}"`;
  return viewFilter ? `(${viewFilter}) && ${account}` : account;
};

/** "Credited …", with the tax that followed the credit when there was some. */
export const creditedText = (
  t: (key: 'credited' | 'creditedWithTax', values: Record<string, string>) => string,
  dispute: Pick<Dispute, 'creditedAmount' | 'creditedTax'>,
  money: (amount: Money) => string,
): string =>
  dispute.creditedTax
    ? t('creditedWithTax', { amount: money(dispute.creditedAmount ?? 0), tax: money(dispute.creditedTax) })
    : t('credited', { amount: money(dispute.creditedAmount ?? 0) });
