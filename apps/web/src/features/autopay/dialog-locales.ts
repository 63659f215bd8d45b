import { defineLocales } from '@/lib/i18n/i18n';

/**
 * Texts of Setup Automatic Payments and "Turn off automatic payments?" (namespace `autopay-dialogs`). They load
 * with the dialogs' own chunk (components/dialogs.tsx), not with the pages. English texts from the spec are verbatim.
 */
export const en = {
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
  card: {
    expires: 'Expires {{date}}',
  },
} as const;

// French is downloaded only when French is the language (dialog-locales.fr.ts).
export const autopayDialogLocales = defineLocales(en, () => import('./dialog-locales.fr').then((m) => m.fr));
