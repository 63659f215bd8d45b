import { todayIn, type AccountDetailsResponse } from '@portal/contract';
import { accountTimeZone } from '@portal/contract/regions';
import { useAccountDetails } from './api/get-account-details';
import { currentBillingAddress } from './rules';

/** The account's time zone: the one the provider set, else its billing address's (the provider's until details load). */
export const accountTimeZoneOf = (details: AccountDetailsResponse | undefined, now: Date): string =>
  accountTimeZone(details?.account.timeZone, details ? currentBillingAddress(details, now) : null);

/** Today in the account's time zone. */
export const accountToday = (details: AccountDetailsResponse | undefined, now: Date): string => todayIn(accountTimeZoneOf(details, now), now);

/**
 * Today's date in the account's time zone, so an invoice turns Overdue at the customer's midnight.
 * The account details are the ones the dashboard and profile already cache.
 */
export const useAccountToday = (accountId: bigint | null, now: Date = new Date()): string =>
  accountToday(useAccountDetails(accountId).data, now);

/** The zone whose days the account's usage and statements count (decision 0025). */
export const useAccountTimeZone = (accountId: bigint | null, now: Date = new Date()): string =>
  accountTimeZoneOf(useAccountDetails(accountId).data, now);
