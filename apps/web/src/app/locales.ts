import { defineLocales } from '@/lib/i18n/i18n';

/**
 * Texts of the portal shell: navigation, user menu, account selector (namespace `shell`, registered by the
 * portal layout). Texts the public pages share with it (theme, languages, footer, skip link) are in `common`.
 */
export const en = {
  nav: {
    label: 'Main',
    home: 'Home',
    invoices: 'Invoices & Billing',
    usage: 'Usage',
    payments: 'Payment Methods',
    account: 'Account Information',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  userMenu: {
    trigger: 'User menu',
    signedInAs: 'Signed in as',
    accountInformation: 'Account Information',
    userDetails: 'User Details',
    changePassword: 'Change Password',
    security: 'Security',
    users: 'Users',
    apiClients: 'API clients',
    webhooks: 'Webhooks',
    disputes: 'Disputes',
    logOff: 'Log off',
    language: 'Language',
    darkMode: 'Dark mode',
  },
  accountSelector: {
    label: 'Account',
    none: 'Choose an account',
    search: 'Search accounts',
    searchHint: 'Type a name or account number',
    staffSearchHint: 'Name, number, email, phone or invoice number',
    accounts: 'Accounts',
    subAccounts: '{{parent}} (Sub-Accounts)',
    noResults: 'No accounts found',
    searching: 'Searching...',
    results_one: '{{count}} account found',
    results_other: '{{count}} accounts found',
    moreResults: 'Showing the first {{count}} matches. Type more to narrow the search.',
    loadError: 'Accounts could not be loaded.',
    matched: {
      invoiceName: 'Invoice name: {{value}}',
      invoiceEmail: 'Invoice email: {{value}}',
      invoiceNumber: 'Invoice {{value}}',
      contactName: 'Contact: {{value}}',
      contactEmail: 'Contact email: {{value}}',
      contactPhone: 'Phone: {{value}}',
    },
  },
  actingFor: {
    text: 'Viewing account {{number}} as {{role}}',
    roles: { Admin: 'Admin', Staff: 'Staff' },
  },
  closedAccount: {
    text: 'This account was closed on {{closedOn}}. Its invoices and documents remain available until {{documentsUntil}}.',
  },
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const shellLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
