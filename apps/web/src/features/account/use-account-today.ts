import { todayIn } from '@portal/contract';
import { timeZoneOfAddress } from '@portal/contract/regions';
import { useAccountDetails } from './api/get-account-details';
import { currentBillingAddress } from './rules';

/**
 * Today's date where the account's customer lives (from its billing address), so an invoice turns
 * Overdue at their midnight. The account details are the ones the dashboard and profile already cache.
 */
export const useAccountToday = (accountId: bigint | null, now: Date = new Date()): string => {
  const details = useAccountDetails(accountId);
  const address = details.data ? currentBillingAddress(details.data, now) : null;
  return todayIn(timeZoneOfAddress(address), now);
};
