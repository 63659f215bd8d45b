import { useMemo, useSyncExternalStore } from 'react';

/**
 * The little of i18next the portal used, in a page of code (i18next with react-i18next was 14 KB as served on
 * every page, /login included; docs/decisions/0009-performance-budgets.md: /login ≤ 110 KB). Catalogs are trees per language and namespace; a key
 * is a dotted path, `ns:key` picks another namespace; `{{name}}` takes `options.name`; with a numeric
 * `options.count` the key's `_one` / `_other` (… by `Intl.PluralRules`) form is used. A key missing in French
 * falls back to English, one missing everywhere comes back as it was given (server texts pass through `t`).
 */
export type Catalog = { [key: string]: string | Catalog };
export type TranslateOptions = Record<string, unknown>;
export type TFunction = (key: string, options?: TranslateOptions) => string;

const FALLBACK = 'en';
const bundles = new Map<string, Map<string, Catalog>>();
const listeners = new Set<() => void>();
let language = FALLBACK;

/** The text at a dotted path; a catalog key may itself hold dots (`actions: { 'payment.created': … }`). */
const find = (node: string | Catalog | undefined, parts: readonly string[]): string | undefined => {
  if (parts.length === 0) return typeof node === 'string' ? node : undefined;
  if (node === undefined || typeof node === 'string') return undefined;
  for (let i = 1; i <= parts.length; i++) {
    const found = find(node[parts.slice(0, i).join('.')], parts.slice(i));
    if (found !== undefined) return found;
  }
  return undefined;
};

const lookup = (lng: string, ns: string, path: string): string | undefined => find(bundles.get(lng)?.get(ns), path.split('.'));

const interpolate = (text: string, options: TranslateOptions): string =>
  text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? placeholder : String(value);
  });

/** Translates `key` in `lng` (namespace `ns` unless the key names one), as described above. */
export const translate = (lng: string, ns: string, key: string, options: TranslateOptions = {}): string => {
  const colon = key.indexOf(':');
  const [namespace, path] =
    colon > 0 && bundles.get(FALLBACK)?.has(key.slice(0, colon)) ? [key.slice(0, colon), key.slice(colon + 1)] : [ns, key];
  const count = options.count;
  const forms =
    typeof count === 'number' ? [`${path}_${new Intl.PluralRules(lng).select(count)}`, `${path}_other`, path] : [path];
  for (const candidate of [lng, FALLBACK]) {
    for (const form of forms) {
      const text = lookup(candidate, namespace, form);
      if (text !== undefined) return interpolate(text, options);
    }
  }
  return key;
};

const merge = (into: Catalog, from: Catalog): Catalog => {
  const out: Catalog = { ...into };
  for (const [k, v] of Object.entries(from)) {
    const existing = out[k];
    out[k] = typeof v === 'object' && typeof existing === 'object' ? merge(existing, v) : v;
  }
  return out;
};

/** The translation store: the current language, its catalogs, and who to tell when the language changes. */
export const i18n = {
  get language(): string {
    return language;
  },
  hasResourceBundle: (lng: string, ns: string): boolean => bundles.get(lng)?.has(ns) ?? false,
  /** Adds (merges) a namespace's catalog for a language. */
  addResourceBundle: (lng: string, ns: string, catalog: object): void => {
    const byNamespace = bundles.get(lng) ?? new Map<string, Catalog>();
    bundles.set(lng, byNamespace);
    byNamespace.set(ns, merge(byNamespace.get(ns) ?? {}, catalog as Catalog));
  },
  changeLanguage: async (lng: string): Promise<void> => {
    if (lng === language) return;
    language = lng;
    listeners.forEach((listener) => listener());
  },
  /** Calls `listener` after every language change; returns how to stop. */
  onLanguageChanged: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const getLanguage = () => language;

/** `{ t, i18n }` for a namespace (default `common`); re-renders when the language changes. */
export const useTranslation = (ns = 'common') => {
  const lng = useSyncExternalStore(i18n.onLanguageChanged, getLanguage, getLanguage);
  const t = useMemo<TFunction>(() => (key, options) => translate(lng, ns, key, options), [lng, ns]);
  return { t, i18n };
};
