import { defineLocales } from '@/lib/i18n/i18n';

/** Payment arrangement texts (namespace `arrangements`). */
export const en = {
  cardTitle: 'Payment arrangement',
  offer: 'Can’t pay the {{amount}} overdue at once? Arrange to pay it in up to {{count}} instalments.',
  arrangeToPay: 'Arrange to pay',
  loadError: 'Failed to load your payment arrangement. Please try again later.',
  status: { Active: 'Active', Kept: 'Kept', Broken: 'Broken', Cancelled: 'Cancelled' },
  state: { Paid: 'Paid', Due: 'Due today', Upcoming: 'Upcoming', Missed: 'Missed' },
  summary: '{{paid}} paid of {{amount}}',
  next: 'Next instalment: {{amount}} on {{date}} ({{state}})',
  byHand: 'You pay each instalment yourself with Make a payment.',
  byCard: 'Each instalment is charged to your saved payment method on its date.',
  brokenText: 'An instalment was not paid: the amount it covered is overdue again.',
  keptText: 'Thank you: every instalment was paid.',
  instalmentsLabel: 'Instalments',
  dateColumn: 'Date',
  amountColumn: 'Amount',
  stateColumn: 'State',
  created: 'Your payment arrangement is set up: {{count}} instalments of {{amount}} in all.',
  dialogTitle: 'Arrange to pay',
  dialogIntro: 'Split the {{amount}} overdue into up to {{count}} instalments. The first, at least {{minimum}}, falls between {{from}} and {{to}}; the others within {{days}} days after it.',
  instalment: 'Instalment {{n}}',
  date: 'Date of instalment {{n}}',
  amount: 'Amount of instalment {{n}}',
  addInstalment: 'Add an instalment',
  removeInstalment: 'Remove instalment {{n}}',
  total: 'Total: {{total}} of {{amount}}',
  payWith: 'How you pay',
  payByHand: 'I will pay each instalment myself',
  payByCard: '{{brand}} ending {{last4}} on each date',
  cancel: 'Cancel',
  submit: 'Arrange to pay',
  submitting: 'Setting up...',
  sendFailed: 'The arrangement could not be set up. Please try again.',
  errors: {
    dateInvalid: 'Choose a date.',
    amountInvalid: 'Enter an amount greater than zero.',
    order: 'Choose a date after the instalment before.',
    firstDate: 'Choose a date between {{from}} and {{to}}.',
    firstAmount: 'The first instalment must be at least {{minimum}}.',
    laterDate: 'Choose a date on or before {{to}}.',
    sum: 'The instalments must add up to {{amount}}.',
  },
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const arrangementsLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
