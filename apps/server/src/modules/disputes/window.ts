/**
 * The terms' window of a dispute, at the edge where instants meet the account's calendar: the billing
 * date is the day the invoice was posted where the customer lives, and the window stays open through
 * the 30th day after it, until midnight in that same time zone.
 */
import { disputeWindowClosesOn, isDisputeWindowOpen, todayIn } from '@portal/contract';

export interface DisputeWindow {
  /** The invoice's billing date in the account's time zone (`YYYY-MM-DD`). */
  billingDay: string;
  /** The last day a dispute may be raised. */
  closesOn: string;
  open: boolean;
}

export const disputeWindow = (postedAt: Date, timeZone: string, now: Date): DisputeWindow => {
  const billingDay = todayIn(timeZone, postedAt);
  return { billingDay, closesOn: disputeWindowClosesOn(billingDay), open: isDisputeWindowOpen(billingDay, todayIn(timeZone, now)) };
};
