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
    lastFailed: 'Expires {{date}}. Its last payment failed.',
  },
  overdue: {
    legend: 'Overdue invoices: {{amount}}',
    include: 'Pay the overdue amount too',
    includeHint_one: '{{amount}} for {{count}} overdue invoice is charged as soon as you save.',
    includeHint_other: '{{amount}} for {{count}} overdue invoices is charged as soon as you save.',
    leaveOut: 'Leave the overdue amount out',
    leaveOutHint: 'You pay it yourself. Only bills due from today on are paid automatically.',
  },
  preview: {
    title: 'What will be charged',
    firstTodayOverdue_one: '{{amount}} for {{count}} overdue invoice today',
    firstTodayOverdue_other: '{{amount}} for {{count}} overdue invoices today',
    firstToday: '{{amount}} today',
    firstOn: '{{amount}} on {{date}}',
    thenDueDate: 'then each bill on its due date',
    thenMonthly: 'then your balance on the 15th of each month',
    sentence: '{{first}}, {{then}}, to {{card}}.',
    nothingDueDate: 'Nothing is charged now. Each bill will be charged on its due date, to {{card}}.',
    nothingMonthly: 'Nothing is charged now. Your balance will be charged on the 15th of each month, to {{card}}.',
    fixedNote: 'Each payment takes at most {{amount}}, never more than you owe.',
    leftOut_one: 'The overdue {{amount}} ({{count}} invoice) is not charged: pay it with Make a One-time Payment.',
    leftOut_other: 'The overdue {{amount}} ({{count}} invoices) is not charged: pay it with Make a One-time Payment.',
  },
} as const;

// French is downloaded only when French is the language (dialog-locales.fr.ts).
export const autopayDialogLocales = defineLocales(en, () => import('./dialog-locales.fr').then((m) => m.fr));
