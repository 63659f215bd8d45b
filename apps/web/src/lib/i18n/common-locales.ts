import type { Locales } from './i18n';

/**
 * Texts shared by the UI primitives and several screens (namespace `common`, the default one).
 * Feature-specific texts belong in the feature's own catalog.
 */
export const en = {
  loading: 'Loading...',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  copy: 'Copy',
  copied: 'Copied',
  notAvailable: 'N/A',
  opensInNewTab: '(opens in a new tab)',
  errorPrefix: 'Error:',
  successPrefix: 'Success:',
  infoPrefix: 'Note:',
  warningPrefix: 'Warning:',
  dismiss: 'Dismiss',
  showPassword: 'Show password',
  required: 'This field is required.',
  requiredMarker: '(required)',
  retry: 'Try again',
  /** A label and its value in one text (an accessible name, a hidden prefix): French spaces its colon. */
  labelled: '{{label}}: {{value}}',
  pagination: {
    label: 'Pagination',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
    currentPage: 'Page {{page}}, current page',
  },
  backToDashboard: 'Back to Dashboard',
  privacyPolicy: 'Privacy Policy',
  termsOfUse: 'Terms of Use',
  supportContact: 'Call <phone>{{phone}}</phone> or email <email>{{email}}</email>.',
  needHelp: 'Need help?',
  legal: 'Legal',
  rights: '© {{year}} {{product}}. All rights reserved.',
  skipToContent: 'Skip to main content',
  loadingPage: 'Loading page...',
  theme: {
    menu: 'Theme',
    light: 'Light mode',
    system: 'Use system setting',
    dark: 'Dark mode',
  },
  languages: { en: 'English', fr: 'Français' },
  routeError: {
    title: 'This page could not be loaded',
    text: 'Please check your connection and try again. If the problem continues, contact support.',
    reload: 'Reload page',
    home: 'Return Home',
  },
} as const;

// French is downloaded only when French is the language (common-locales.fr.ts).
// (A plain object, not defineLocales: i18n.ts imports this module, so calling into it here would run too early.)
export const commonLocales: Locales<typeof en> = { en, fr: () => import('./common-locales.fr').then((m) => m.fr) };
