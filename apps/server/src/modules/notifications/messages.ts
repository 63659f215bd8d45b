/** Texts of the notifications the billing jobs leave for a customer. Pure. */

const LOCALE_BY_CURRENCY: Record<string, string> = { USD: 'en-US', CAD: 'en-CA', GBP: 'en-GB', EUR: 'de-DE' };

/** Display only (spec §9 locales): the amount is a DB decimal string, never used for arithmetic here. */
export const formatAmount = (amount: string, currency: string): string =>
  new Intl.NumberFormat(LOCALE_BY_CURRENCY[currency] ?? 'en-US', { style: 'currency', currency }).format(Number(amount));

const reasonText = (reason: string): string => reason.trim().replace(/\.+$/, '');

export const NOTIFICATION_KINDS = { autopayFailed: 'autopay_failed', paymentFailed: 'payment_failed' } as const;

export const autopayFailedMessage = (amount: string, currency: string, reason: string): string =>
  `Automatic payment of ${formatAmount(amount, currency)} failed: ${reasonText(reason)}.`;

export const paymentFailedMessage = (amount: string, currency: string, reason: string): string =>
  `Your payment of ${formatAmount(amount, currency)} failed: ${reasonText(reason)}.`;
