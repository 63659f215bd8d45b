import { defineLocales } from '@/lib/i18n/i18n';

/** Chrome of the legal pages (namespace `legal`); the documents themselves are in content/. */
export const en = {
  lastUpdated: 'Last updated {{date}}',
  backHome: 'Back to the billing dashboard',
  contents: 'Contents',
  questions: 'Questions?',
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const legalLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
