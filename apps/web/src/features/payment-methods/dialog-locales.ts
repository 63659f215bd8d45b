import { defineLocales } from '@/lib/i18n/i18n';

/**
 * Texts of Add Payment Method and "Delete card?" (namespace `payment-method-dialogs`). They load with the
 * dialogs' own chunk (components/dialogs.tsx), not with the pages. English texts from the spec are verbatim.
 */
export const en = {
  deleteDialog: {
    title: 'Delete card?',
    text: '{{card}} will be removed from your account. You can add it again at any time.',
    confirm: 'Delete card',
    working: 'Deleting...',
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
    kind: 'What would you like to add?',
    kindCard: 'A credit card',
    kindBank: 'A bank account (pre-authorized debit)',
    kindBankUs: 'A bank account (ACH debit)',
    bankText: 'You will continue to our payment provider’s secure page to enter your bank account, then come back here. Your account number is never sent to us.',
    agreementIntro: 'Before the bank account is saved, please read and accept the agreement below. A copy is emailed to you.',
    acceptAgreement: 'Please accept the agreement to add a bank account.',
  },
} as const;

// French is downloaded only when French is the language (dialog-locales.fr.ts).
export const paymentMethodDialogLocales = defineLocales(en, () => import('./dialog-locales.fr').then((m) => m.fr));
