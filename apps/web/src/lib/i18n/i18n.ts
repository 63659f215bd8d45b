import { persistentStore, STORAGE_KEYS, type KeyValueStore } from '../storage';
import { commonLocales } from './common-locales';
import { i18n } from './translate';

/**
 * English and French (`translate.ts`). Texts live in per-feature catalogs (a `locales.ts` beside the
 * feature, made with `defineLocales`) registered under the feature's own namespace with `registerLocales`,
 * usually at the top of the feature's route module: a lazy route then brings its texts with its code, and
 * nobody edits a central file to add a screen.
 */

export const UI_LANGUAGES = ['en', 'fr'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** The French catalog must have exactly the English catalog's keys: enforced by the type checker. */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
/** French inline, or loaded on demand (`() => import('./locales.fr').then((m) => m.fr)`) for big catalogs. */
export type FrenchCatalog<T> = Catalog<T> | (() => Promise<Catalog<T>>);
export interface Locales<T> {
  en: T;
  fr: FrenchCatalog<T>;
}
export const defineLocales = <const T extends object>(en: T, fr: FrenchCatalog<T>): Locales<T> => ({ en, fr });

/** French catalogs not downloaded yet, by namespace; fetched when French is (or becomes) the language. */
const pendingFrench = new Map<string, () => Promise<object>>();

const loadFrench = async (): Promise<void> => {
  await Promise.all(
    [...pendingFrench].map(async ([namespace, load]) => {
      const catalog = await load();
      i18n.addResourceBundle('fr', namespace, catalog);
      pendingFrench.delete(namespace);
    }),
  );
};

/**
 * Adds a feature's catalog under its namespace. Await it at the top of the route module
 * (`await registerLocales('invoices', invoicesLocales)`): when French is the language and the French catalog
 * is lazy, the route then renders only once its texts are there (no flash of English).
 */
export const registerLocales = async <T extends object>(namespace: string, locales: Locales<T>): Promise<void> => {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, locales.en);
  if (i18n.hasResourceBundle('fr', namespace)) return;
  if (typeof locales.fr === 'function') {
    pendingFrench.set(namespace, locales.fr as () => Promise<object>);
    if (currentLanguage() === 'fr') await loadFrench();
  } else {
    i18n.addResourceBundle('fr', namespace, locales.fr);
  }
};

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/** Account language preference (English | French) → UI language. */
export const uiLanguageFromPreference = (language: string | null | undefined): UiLanguage =>
  language === 'French' ? 'fr' : 'en';

/** The language the user picked in this browser, if any; it wins over the account's preference. */
export const savedLanguage = (): UiLanguage | null => {
  const saved = persistentStore.getItem(STORAGE_KEYS.language);
  return isUiLanguage(saved) ? saved : null;
};

const browserLanguage = (): UiLanguage =>
  typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';

/** The language a link asks for (`?lang=fr`, which the portal's French mail puts on every link), if any. */
export const linkLanguage = (search: string): UiLanguage | null => {
  const asked = new URLSearchParams(search).get('lang');
  return isUiLanguage(asked) ? asked : null;
};

/**
 * The language a page opens in: the one its link asks for (a French email's link opens its page in French),
 * else the one picked in this browser, else the one the portal was last shown in (an account's French follows
 * its person to the login after logout, and to the legal and not-found pages opened in a new tab or loaded
 * afresh), else the browser's. Saved like the theme.
 */
export const initialLanguage = (store: KeyValueStore, browser: UiLanguage, link: UiLanguage | null = null): UiLanguage => {
  if (link) return link;
  const picked = store.getItem(STORAGE_KEYS.language);
  if (isUiLanguage(picked)) return picked;
  const last = store.getItem(STORAGE_KEYS.lastLanguage);
  return isUiLanguage(last) ? last : browser;
};

export const currentLanguage = (): UiLanguage => (isUiLanguage(i18n.language) ? i18n.language : 'en');

/**
 * Switches the UI language. `remember` (the user menu) saves the choice so it outlives the session and wins
 * over the account's preference; the account's preference is applied without `remember`.
 */
export const changeLanguage = async (language: UiLanguage, { remember = false } = {}): Promise<void> => {
  if (remember) persistentStore.setItem(STORAGE_KEYS.language, language);
  // Whoever changed it (a pick, the account's preference), the next page load opens in it.
  persistentStore.setItem(STORAGE_KEYS.lastLanguage, language);
  // Download the French texts first, so the switch happens in one go.
  if (language === 'fr') await loadFrench();
  if (i18n.language !== language) await i18n.changeLanguage(language);
};

i18n.onLanguageChanged(() => {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
});

// The English common texts are bundled; French catalogs arrive through registerLocales/loadFrench.
i18n.addResourceBundle('en', 'common', commonLocales.en);
const fromLink = typeof location === 'undefined' ? null : linkLanguage(location.search);
// A linked language is what this page is read in from now on, not a pick that outlives it.
if (fromLink) persistentStore.setItem(STORAGE_KEYS.lastLanguage, fromLink);
void i18n.changeLanguage(initialLanguage(persistentStore, browserLanguage(), fromLink));

if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();

/** Resolves when the common texts of the current language are loaded; the app renders after it. */
export const i18nReady: Promise<void> = registerLocales('common', commonLocales);

export { i18n };
