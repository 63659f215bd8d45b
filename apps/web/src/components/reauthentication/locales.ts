import { defineLocales } from '@/lib/i18n/i18n';

/** Texts of the password confirmation that sensitive changes ask for (namespace `reauthentication`). */
export const en = {
  title: 'Confirm your password',
  text: 'For your security, enter your password to make this change. You will not be asked again for 10 minutes.',
  password: 'Password',
  confirm: 'Confirm',
  confirming: 'Confirming...',
  required: 'Password is required',
  failed: 'Your password could not be confirmed. Please try again.',
  usePasskey: 'Use a passkey instead',
  passkeyCancelled: 'No passkey was used: the request was cancelled or timed out. Try again, or enter your password.',
  passkeyFailed: 'Your passkey could not confirm it is you. Try again, or enter your password.',
} as const;

// French is downloaded only when French is the language (locales.fr.ts).
export const reauthenticationLocales = defineLocales(en, () => import('./locales.fr').then((m) => m.fr));
