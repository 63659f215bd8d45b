/** Account details and their rules: what the dashboard, payment screens and the shell use. */
export { accountDetailsQuery, useAccountDetails } from './api/get-account-details';
export { accountDisplayName, addressLines, contactName, currentBillingAddress, currentBillingContact } from './rules';
export { useAccountTimeZone, useAccountToday } from './use-account-today';

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const accountPages = {
  accountInformation: () => import('./routes/account-information'),
};
