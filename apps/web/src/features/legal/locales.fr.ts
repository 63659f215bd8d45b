import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `legal` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  lastUpdated: 'Dernière mise à jour\u202f: {{date}}',
  backHome: 'Retour au tableau de bord de facturation',
  contents: 'Table des matières',
  questions: 'Des questions?',
};
