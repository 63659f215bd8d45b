import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `user-details` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  title: 'Détails de l’utilisateur',
  intro: 'Les renseignements de l’utilisateur avec lequel vous êtes connecté.',
  name: 'Nom',
  roles: 'Rôles',
  scopes: 'Portées',
  locations: 'Emplacements',
  none: 'Aucun',
  scopesOfAdmin: 'Aucune n’est nécessaire\u202f: les administrateurs ont accès à tous les comptes.',
  locationsOfAdmin: 'Tous les comptes',
};
