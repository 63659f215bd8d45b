import { defineLocales } from '@/lib/i18n/i18n';

/** Texts of the payment status badge (namespace `payment-status`), shown by the payment and invoice screens. */
export const en = {
  completed: 'Completed',
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const paymentStatusLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
