import { defineLocales } from '@/lib/i18n/i18n';

/** Not-found page (namespace `notFound`); English is the spec's text. */
export const en = {
  title: 'Something went Wrong',
  text: "We couldn't find the page you're looking for.",
  returnHome: 'Return Home',
  pageTitle: 'Page not found',
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const notFoundLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
