import { defineLocales } from '@/lib/i18n/i18n';

/** Home dashboard texts (namespace `dashboard`); English texts from the spec are verbatim. */
export const en = {
  title: 'Home',
  heading: 'Account {{number}}',
  loadError: 'Failed to load account information. Please try again later.',
  chooseAccountTitle: 'Choose an account',
  chooseAccountText: 'Use the account selector at the top of the page to find the account you want to look at.',
  balance: {
    title: 'Current balance',
    owing: 'Amount owing',
    credit: 'Credit balance',
    noBalance: 'You do not have a balance owing',
    paymentDue: 'Payment due {{date}}',
    overdueSince: 'Overdue since {{date}}',
    overdueAmount: 'Amount overdue: {{amount}}',
    paymentDueNow: 'Payment due',
    autopay: 'Pre-authorized payments enabled',
    makePayment: 'Make a payment',
    paid: 'Payment submitted: {{amount}} is being processed. Your balance changes once your card has been charged.',
    received: 'Your payment of {{amount}} was received. Thank you.',
  },
  latest: {
    title: 'Latest bill',
    invoiceNumber: 'Invoice number',
    period: 'Billing period',
    dueDate: 'Due date',
    amount: 'Amount',
    viewBill: 'View bill',
    downloadPdf: 'Download PDF',
    downloadPdfFor: 'Download PDF of invoice {{number}}',
    none: 'No bills yet',
    noneText: 'Your first bill will appear here once it is issued.',
  },
  details: {
    title: 'Account details',
    name: 'Name',
    invoiceEmail: 'Invoice email',
    billingAddress: 'Billing address',
    billingContact: 'Billing contact',
    phone: 'Phone',
    edit: 'Update details',
  },
  tiles: {
    label: 'Manage your account',
    invoicesTitle: 'Invoices & Billing',
    invoicesText: 'View and download past invoices',
    usageTitle: 'Usage',
    usageText: 'Your calls, texts and data, and this period’s estimate',
    paymentsTitle: 'Payment Methods',
    paymentsText: 'Manage your payment options',
    accountTitle: 'Account Information',
    accountText: 'Update your contact details',
  },
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const dashboardLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
