import { defineLocales } from '@/lib/i18n/i18n';

/** Texts of the user details screen (namespace `user-details`). */
export const en = {
  title: 'User Details',
  intro: 'The details of the user you are signed in as.',
  name: 'Name',
  roles: 'Roles',
  scopes: 'Scopes',
  locations: 'Locations',
  none: 'None',
  scopesOfAdmin: 'None needed: administrators reach every account.',
  locationsOfAdmin: 'Every account',
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const userDetailsLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
