import { defineLocales } from '@/lib/i18n/i18n';

export const en = {
  title: 'User Details',
  intro: 'The details of the user you are signed in as.',
  name: 'Name',
  roles: 'Roles',
  scopes: 'Scopes',
  locations: 'Locations',
  none: 'None',
  customer: 'Customer',
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const profileLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
