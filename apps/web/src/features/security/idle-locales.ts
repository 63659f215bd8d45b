import { defineLocales } from '@/lib/i18n/i18n';

/** Texts of the idle-session warning, shown over any signed-in page (namespace `session-idle`). */
export const en = {
  title: 'Are you still there?',
  text: 'You have not used the portal for a while. For your security, you will be signed out in one minute.',
  stay: 'Stay signed in',
  staying: 'Staying...',
  logOut: 'Log out',
  stayFailed: 'The portal could not be reached. Please try again.',
  signedOut: 'You were logged out after a period without activity. Please log in again.',
} as const;

export const idleLocales = defineLocales(en, () => import('./idle-locales.fr').then((m) => m.fr));
