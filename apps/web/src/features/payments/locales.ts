import { defineLocales } from '@/lib/i18n/i18n';

/**
 * Payments screen texts (namespace `payments`): the page, the balance, the one-time payment and the payment
 * history; the pay modal's texts are in dialog-locales.ts. English texts from the spec are verbatim.
 */
export const en = {
  page: {
    title: 'Payment Methods',
    intro: 'Pay your balance, manage your saved cards and set up automatic payments.',
    loadError: 'Failed to load payment information. Please try again later.',
    refreshError: 'Failed to refresh payment methods.',
    cardAdded: 'Your card was added.',
    cardAlreadySaved: 'This card is already saved on this account. Use the saved card, or add a different one.',
    chooseAccountTitle: 'Choose an account',
    chooseAccountText: 'Use the account selector at the top of the page to find the account whose payments you want to manage.',
    loading: 'Loading payment information...',
  },
  balance: {
    title: 'Account Balance',
    currency: 'Balance in {{currency}}',
    owing: 'Amount owing',
    credit: 'Credit balance',
    noBalance: 'You do not have a balance owing',
    paymentDue: 'Payment due {{date}}',
    overdueSince: 'Overdue since {{date}}',
    overdueAmount: 'Amount overdue: {{amount}}',
  },
  oneTime: {
    title: 'Make a One-time Payment',
    text: 'Pay all or part of your balance now with one of your saved cards.',
    payNow: 'Pay Now',
    processing: 'Your payment of {{amount}} is being processed. This updates by itself.',
    succeeded: 'Your payment of {{amount}} was received. Thank you.',
    declined: 'Your card was declined.',
    failed: 'The payment was not made.',
    notCharged: 'Your payment of {{amount}} was not charged.',
    retry: 'Try another card',
  },
  history: {
    title: 'Payment History',
    date: 'Date',
    amount: 'Amount',
    status: 'Status',
    method: 'Method',
    empty: 'No payments yet',
    emptyText: 'Your payments will appear here.',
    settling: 'A payment is being processed. This list updates by itself.',
    showAll: 'Show all {{count}} payments',
    showFewer: 'Show fewer payments',
    receipt: 'Receipt',
    receiptFor: 'Download receipt for the payment of {{amount}} on {{date}}',
    receiptError: 'The receipt could not be downloaded. Please try again.',
  },
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const paymentsLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
