import { currentLanguage, registerLocales } from '@/lib/i18n/i18n';
import { LegalPage, type LegalLoaders } from '../components/legal-page';
import { legalLocales } from '../locales';

await registerLocales('legal', legalLocales);

/** Each language's document is its own chunk: a reader downloads only the one they read. */
const loaders: LegalLoaders = {
  en: () => import('../content/terms.en').then((m) => m.document),
  fr: () => import('../content/terms.fr').then((m) => m.document),
};
const initial = await loaders[currentLanguage()]();

/** /terms-of-use (static legal text, last updated April 19, 2025). */
export function Component() {
  return <LegalPage loaders={loaders} initial={initial} />;
}
