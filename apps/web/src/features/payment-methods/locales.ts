import { defineLocales } from '@/lib/i18n/i18n';

/** Saved-card texts of the payments screen (namespace `payment-methods`); English texts from the spec are verbatim. */
export const en = {
  methods: {
    title: 'Your Payment Methods',
    addCard: 'Add Card',
    listLabel: 'Saved cards',
    empty: 'No saved cards',
    emptyText: 'Add a card to pay your invoices and to set up automatic payments.',
    expires: 'Expires {{date}}',
    expiredOn: 'Expired {{date}}',
    bankAccount: 'Bank account · {{routing}}',
    whichBank: '{{card}} (bank account)',
    default: 'Default',
    expired: 'Expired',
    setDefault: 'Set as default',
    whichCard: '{{card}} (expires {{expiry}})',
    setDefaultWorking: 'Setting...',
    delete: 'Delete card',
    onlyCard: 'Your only card: add another before removing this one.',
    lastFailed: 'Last payment failed',
    deleteFailed: 'Failed to delete payment method. Please try again.',
    setDefaultFailed: 'Failed to set default payment method. Please try again.',
    deleted: '{{card}} was removed.',
    defaultSet: '{{card}} is now your default card.',
  },
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const paymentMethodsLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
