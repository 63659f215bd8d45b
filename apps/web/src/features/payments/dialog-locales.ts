import { defineLocales } from '@/lib/i18n/i18n';

/**
 * Texts of the pay modal (namespace `payment-dialogs`). They load with the dialog's own chunk
 * (components/dialogs.tsx), not with the pages. English texts from the spec are verbatim.
 */
export const en = {
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
    bankOption: '{{card}} (bank account)',
    bankOptionDefault: '{{card}} (bank account, default)',
    cardOption: '{{card}} (expires {{expiry}})',
    cardOptionDefault: '{{card}} (expires {{expiry}}, default)',
    cardOptionExpired: '{{card}} (expired {{expiry}})',
    cardOptionFailed: '{{card}} (expires {{expiry}}, last payment failed)',
    cardOptionDefaultFailed: '{{card}} (expires {{expiry}}, default, last payment failed)',
    submit: 'Pay {{amount}}',
    submitNoAmount: 'Pay',
    processing: 'Processing...',
    invalidAmount: 'Please enter a valid payment amount.',
    invalidMethod: 'Please select a payment method and enter a valid amount.',
    inlineAmount: 'Please enter a valid amount',
    tooManyDecimals: 'Enter the amount with at most 2 decimals.',
    aboveOwing: 'The amount cannot be more than what is owed: {{amount}}.',
    failed: 'Failed to process payment. Please try again.',
    noCards: 'You have no saved card that can be used. Add a card to pay.',
    addCard: 'Add Card',
    loadingCards: 'Loading your cards...',
    cardsError: 'Failed to refresh payment methods.',
  },
  outcome: {
    processingTitle: 'Processing your payment of {{amount}}...',
    processingText: 'This takes a few seconds. You can close this window: the payment goes on, and Payment History shows how it ends.',
    processingBankText:
      'A bank debit takes a few business days. It counts as paid toward your due date now; your balance changes once your bank settles it. You can close this window.',
    close: 'Close this window',
    declinedTitle: 'Your card was declined.',
    failedTitle: 'The payment was not made.',
    retryOther: 'Nothing was charged. Choose another card and pay again, or add a card.',
    retryAdd: 'Nothing was charged. Add another card, or try this one again.',
  },
} as const;

// French is downloaded only when French is the language (dialog-locales.fr.ts).
export const paymentDialogLocales = defineLocales(en, () => import('./dialog-locales.fr').then((m) => m.fr));
