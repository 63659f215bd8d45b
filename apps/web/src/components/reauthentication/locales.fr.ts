import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `reauthentication` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  title: 'Confirmez votre mot de passe',
  text: 'Pour votre sécurité, saisissez votre mot de passe pour effectuer cette modification. Il ne vous sera pas redemandé pendant 10 minutes.',
  password: 'Mot de passe',
  confirm: 'Confirmer',
  confirming: 'Confirmation...',
  required: 'Le mot de passe est requis',
  failed: 'Votre mot de passe n’a pas pu être confirmé. Veuillez réessayer.',
  usePasskey: 'Utiliser plutôt une clé d’accès',
  passkeyCancelled:
    'Aucune clé d’accès n’a été utilisée\u202f: la demande a été annulée ou a expiré. Réessayez, ou saisissez votre mot de passe.',
  passkeyFailed: 'Votre clé d’accès n’a pas pu confirmer votre identité. Réessayez, ou saisissez votre mot de passe.',
};
