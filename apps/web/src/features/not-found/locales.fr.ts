import type { Catalog } from '@/lib/i18n/i18n';
import type { en } from './locales';

/** French texts of the `notFound` namespace (loaded on demand). */
export const fr: Catalog<typeof en> = {
  title: 'Un problème est survenu',
  text: 'Nous ne trouvons pas la page que vous cherchez.',
  returnHome: 'Retour à l’accueil',
  pageTitle: 'Page introuvable',
};
