/**
 * The two languages the portal writes documents and mail in. Each document or message keeps its own
 * small English/French catalog beside it (typed so French has every English key); numbers and dates
 * come from Intl in the language's Canadian locale.
 */
import { localeOfLanguage } from '@portal/contract/regions';

export type DocumentLanguage = 'en' | 'fr';

/** An account's language ('English' | 'French') → the language its documents are written in. */
export const documentLanguage = (language: string | null | undefined): DocumentLanguage =>
  language ? localeOfLanguage(language) : 'en';

/**
 * A portal page linked from mail or a document written in `language`: French links carry `?lang=fr`, so the page
 * opens in French whatever the browser last showed (the web app reads it at start).
 */
export const inLanguage = (page: URL, language: DocumentLanguage): URL => {
  const url = new URL(page);
  if (language === 'fr') url.searchParams.set('lang', 'fr');
  return url;
};

/** `inLanguage` of a path of the portal, as text. */
export const pageInLanguage = (origin: string, path: string, language: DocumentLanguage): string =>
  inLanguage(new URL(path, origin), language).toString();

/** A catalog per language; French must have exactly the English keys. */
export type Texts<T> = Readonly<Record<DocumentLanguage, T>>;

/**
 * The language a request asks its texts in (its `Accept-Language`, which the web app sets to the language it
 * shows): French when French ranks above English, else English.
 */
export const requestLanguage = (acceptLanguage: string | string[] | undefined): DocumentLanguage => {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  let best: { language: DocumentLanguage; quality: number } = { language: 'en', quality: 0 };
  for (const part of header.split(',')) {
    const [tag = '', ...parameters] = part.trim().toLowerCase().split(';');
    const primary = tag.trim().split('-')[0];
    if (primary !== 'en' && primary !== 'fr') continue;
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (quality > best.quality) best = { language: primary, quality };
  }
  return best.language;
};
