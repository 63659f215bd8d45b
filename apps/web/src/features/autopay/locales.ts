import { defineLocales } from '@/lib/i18n/i18n';

/** Automatic payments texts of the payments screen (namespace `autopay`); English texts from the spec are verbatim. */
export const en = {
  autopay: {
    title: 'Automatic Payments',
    switchLabel: 'Automatic payments',
    enabled: 'Enabled',
    disabled: 'Disabled',
    onText: 'Automatic payments are on: your bills are paid with your saved card.',
    offText: 'Automatic payments are off. Turn them on to pay your bills on time without thinking about it.',
    needsCard: 'Add a payment method first',
    required: 'Automatic payments are required for this account and cannot be turned off.',
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
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const autopayLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
