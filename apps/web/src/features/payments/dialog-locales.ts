import { defineLocales } from '@/lib/i18n/i18n';

/**
 * Texts of the payment dialogs (namespace `payment-dialogs`): the pay modal, Add Payment Method, Setup
 * Automatic Payments and the confirmations. They load with the dialogs' own chunk (components/payment-dialogs.tsx),
 * not with the pages. English texts from the spec are verbatim.
 */
export const en = {
  deleteDialog: {
    title: 'Delete card?',
    text: '{{card}} will be removed from your account. You can add it again at any time.',
    confirm: 'Delete card',
    working: 'Deleting...',
  },
  autopayOff: {
    title: 'Turn off automatic payments?',
    text: 'Your bills will no longer be paid automatically. Your schedule is kept, so you can turn them back on at any time.',
    confirm: 'Turn off',
    working: 'Turning off...',
  },
  autopaySetup: {
    title: 'Setup Automatic Payments',
    description:
      'Choose when to pay, how much, and with which card. Saving turns automatic payments on and makes that card your default.',
    frequency: 'When to pay',
    dueDate: 'On the invoice due date',
    recommended: 'Recommended',
    dueDateHint: 'Each bill is paid on its due date.',
    monthly: 'Monthly on the 15th',
    monthlyHint: 'Your balance is paid on the 15th of every month.',
    amount: 'How much to pay',
    full: 'Full balance',
    fullHint: 'Whatever you owe at the time.',
    fixed: 'Fixed amount',
    fixedHint: 'The same amount each time, never more than you owe.',
    fixedAmount: 'Fixed amount ({{currency}})',
    card: 'Card to use',
    noCards: 'None of your cards can be used. Add a card first.',
    save: 'Save',
    saving: 'Saving...',
    selectMethod: 'Please select a payment method.',
    amountError: 'Please enter a valid payment amount.',
    amountInline: 'Please enter a valid amount',
    failed: 'Failed to set up automatic payments. Please try again.',
  },
  pay: {
    titleInvoice: 'Pay Invoice',
    titleOneTime: 'Make a One-time Payment',
    forInvoice: 'Invoice #{{number}}',
    amount: 'Amount to pay',
    total: 'Total Balance',
    custom: 'Custom Amount',
    customLabel: 'Custom amount ({{currency}})',
    notice: 'The payment will be processed immediately.',
    method: 'Payment method',
    methodPlaceholder: 'Choose a card',
    cardOption: '{{card}} (expires {{expiry}})',
    cardOptionDefault: '{{card}} (expires {{expiry}}, default)',
    cardOptionExpired: '{{card}} (expired {{expiry}})',
    submit: 'Pay {{amount}}',
    processing: 'Processing...',
    invalidAmount: 'Please enter a valid payment amount.',
    invalidMethod: 'Please select a payment method and enter a valid amount.',
    inlineAmount: 'Please enter a valid amount',
    failed: 'Failed to process payment. Please try again.',
    noCards: 'You have no saved card that can be used. Add a card to pay.',
    addCard: 'Add Card',
    loadingCards: 'Loading your cards...',
    cardsError: 'Failed to refresh payment methods.',
  },
  addCard: {
    title: 'Add Payment Method',
    text: 'You will continue to our card provider’s secure page to enter your card, then come back here. Your card number is never sent to us.',
    continue: 'Continue',
    redirecting: 'Redirecting...',
    noAddress: 'No valid billing address found',
    noAddressHelp: 'Add your billing address in <link>Account Information</link>, then try again.',
    unavailable: 'Unable to add payment method at this time.',
    publicKey: 'Could not get {{provider}} public key',
    cardProvider: 'card provider',
    notLoaded: '{{provider}} has not loaded correctly',
    sessionFailed: 'Failed to create checkout session',
    setupFailed: 'Failed to set up payment method',
  },
  card: {
    expires: 'Expires {{date}}',
  },
} as const;

// French is downloaded only when French is the language (dialog-locales.fr.ts).
export const paymentDialogLocales = defineLocales(en, () => import('./dialog-locales.fr').then((m) => m.fr));
