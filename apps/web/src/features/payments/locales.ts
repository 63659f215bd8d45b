import { defineLocales } from '@/lib/i18n/i18n';

/**
 * Payments screen texts (namespace `payments`); the dialogs' texts are in dialog-locales.ts. English texts
 * from the spec are verbatim. The invoice detail page registers this catalog too (payment status badges).
 */
export const en = {
  page: {
    title: 'Payment Methods',
    intro: 'Pay your balance, manage your saved cards and set up automatic payments.',
    loadError: 'Failed to load payment information. Please try again later.',
    refreshError: 'Failed to refresh payment methods.',
    cardAdded: 'Your card was added.',
    chooseAccountTitle: 'Choose an account',
    chooseAccountText: 'Use the account selector at the top of the page to find the account whose payments you want to manage.',
    loading: 'Loading payment information...',
    paid: 'Payment submitted: {{amount}} is being processed. It shows as Completed once your card has been charged.',
  },
  balance: {
    title: 'Account Balance',
    currency: 'Balance in {{currency}}',
    owing: 'Amount owing',
    credit: 'Credit balance',
    noBalance: 'You do not have a balance owing',
    paymentDue: 'Payment due {{date}}',
  },
  methods: {
    title: 'Your Payment Methods',
    addCard: 'Add Card',
    listLabel: 'Saved cards',
    empty: 'No saved cards',
    emptyText: 'Add a card to pay your invoices and to set up automatic payments.',
    expires: 'Expires {{date}}',
    expiredOn: 'Expired {{date}}',
    default: 'Default',
    expired: 'Expired',
    setDefault: 'Set as default',
    setDefaultFor: 'Set {{card}} as default',
    setDefaultWorking: 'Setting...',
    delete: 'Delete card',
    deleteFor: 'Delete {{card}}',
    lastCard: 'Cannot remove last payment method. At least one payment method must be kept on file.',
    deleteFailed: 'Failed to delete payment method. Please try again.',
    setDefaultFailed: 'Failed to set default payment method. Please try again.',
    deleted: '{{card}} was removed.',
    defaultSet: '{{card}} is now your default card.',
  },
  oneTime: {
    title: 'Make a One-time Payment',
    text: 'Pay all or part of your balance now with one of your saved cards.',
    payNow: 'Pay Now',
  },
  autopay: {
    title: 'Automatic Payments',
    switchLabel: 'Automatic payments',
    enabled: 'Enabled',
    disabled: 'Disabled',
    onText: 'Automatic payments are on: your bills are paid with your saved card.',
    offText: 'Automatic payments are off. Turn them on to pay your bills on time without thinking about it.',
    needsCard: 'Add a payment method first',
    updateFailed: 'Failed to update automatic payment settings. Please try again later.',
    scheduleLabel: 'Your automatic payment schedule',
    card: 'Card',
    when: 'When',
    amount: 'Amount',
    nextRun: 'Next payment',
    nothingDue: 'Nothing due at the moment',
    frequencies: {
      dueDate: 'On each invoice’s due date',
      monthly: 'Monthly on the 15th',
    },
    amounts: {
      full: 'Full balance',
      fixed: '{{amount}} each time',
    },
    change: 'Change schedule',
    turnedOn: 'Automatic payments are set up.',
    turnedOff: 'Automatic payments are turned off.',
    scheduleError: 'Your automatic payment schedule could not be loaded.',
  },
  history: {
    title: 'Payment History',
    date: 'Date',
    amount: 'Amount',
    status: 'Status',
    method: 'Method',
    completed: 'Completed',
    empty: 'No payments yet',
    emptyText: 'Your payments will appear here.',
    settling: 'A payment is being processed. This list updates by itself.',
    showAll: 'Show all {{count}} payments',
    showFewer: 'Show fewer payments',
  },
  brands: {
    generic: 'Card',
  },
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const paymentsLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
