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

/** What a new dispute of the line may claim: its amount less what its live (not rejected) disputes claim. */
export const disputableAmount = (
  lineAmount: Money,
  disputes: readonly Pick<Dispute, 'amount' | 'status'>[],
): Money => {
  const claimed = disputes.filter((d) => d.status !== 'Rejected').reduce((sum, d) => sum + toMinor(d.amount), 0n);
  const left = toMinor(lineAmount) - claimed;
  return fromMinor(left > 0n ? left : 0n);
};

export type DisputeFormError = 'reasonRequired' | 'amountInvalid' | 'amountAboveLine' | 'detailsTooLong';

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
