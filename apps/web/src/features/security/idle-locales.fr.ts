import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './idle-locales';

export const fr: Catalog<typeof en> = {
  title: 'Êtes-vous toujours là ?',
  text: 'Vous n’avez pas utilisé le portail depuis un moment. Pour votre sécurité, vous serez déconnecté dans une minute.',
  stay: 'Rester connecté',
  staying: 'Un instant...',
  logOut: 'Se déconnecter',
  stayFailed: 'Le portail est injoignable. Veuillez réessayer.',
  signedOut: 'Vous avez été déconnecté après une période d’inactivité. Veuillez vous reconnecter.',
};
