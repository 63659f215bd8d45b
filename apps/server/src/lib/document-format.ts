/**
 * Text formatting of printed documents, in the account's language. English keeps the spec's locale by
 * currency and "MMM d, yyyy" dates; French is Canadian French for every currency ("66,35 $",
 * "42,05 $ US", "24 nov. 2026"). Pure.
 */
import type { CurrencyCode } from '@portal/contract';
import type { DocumentLanguage } from './language';

const LOCALE_OF: Readonly<Record<CurrencyCode, string>> = { USD: 'en-US', CAD: 'en-CA', GBP: 'en-GB', EUR: 'de-DE' };

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An exact decimal amount ("1234.50") in the currency's locale (English) or fr-CA (French). Formatting a
 * ≤2-decimal value is exact; no arithmetic happens here. The PDF's standard fonts are WinAnsi, which lacks
 * the narrow no-break space some locales use, so it becomes an ordinary no-break space.
 */
export const formatMoney = (amount: string, currency: string, language: DocumentLanguage = 'en'): string => {
  const code = currency.trim();
  const key = `${language}:${code}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const locale = language === 'fr' ? 'fr-CA' : (LOCALE_OF[code as CurrencyCode] ?? 'en-US');
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    moneyFormats.set(key, format);
  }
  return format.format(Number(amount)).replace(/\u202f/g, '\u00a0');
};

const DATE_LOCALE: Readonly<Record<DocumentLanguage, string>> = { en: 'en-US', fr: 'fr-CA' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Jan 5, 2025" (English) or "5 janv. 2025" (French) for a calendar date (`YYYY-MM-DD`) or an instant:
 * the instant's day in `timeZone` (the account's, where a document shows when something happened), UTC
 * when none is given.
 */
export const formatDate = (value: string | Date, language: DocumentLanguage = 'en', timeZone = 'UTC'): string => {
  const calendarDate = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const zone = calendarDate ? 'UTC' : timeZone;
  const key = `${language}:${zone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE[language], { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' });
    dateFormats.set(key, format);
  }
  return format.format(calendarDate ? new Date(`${value}T00:00:00Z`) : new Date(value));
};

/** "Jan 1 – Jan 31, 2025" / "1 janv. – 31 janv. 2025", both years when they differ, one date for a single day. */
export const formatPeriod = (startDate: string, endDate: string, language: DocumentLanguage = 'en'): string => {
  const start = formatDate(startDate, language);
  const end = formatDate(endDate, language);
  if (start === end) return start;
  if (startDate.slice(0, 4) !== endDate.slice(0, 4)) return `${start} – ${end}`;
  return `${language === 'fr' ? start.replace(/ \d{4}$/, '') : start.replace(/, \d{4}$/, '')} – ${end}`;
};

/** A quantity without trailing zeros ("1", "12.5"; "12,5" in French). */
export const formatQuantity = (quantity: string, language: DocumentLanguage = 'en'): string => {
  const text = quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity;
  return language === 'fr' ? text.replace('.', ',') : text;
};

/** A download file name safe in every browser and file system: letters, digits, dot, dash, underscore. */
export const safeFileName = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'document';

/** `attachment` with a plain-ASCII file name (and the same name RFC 5987-encoded for completeness). */
export const attachment = (fileName: string): string => {
  const safe = safeFileName(fileName);
  return `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
};
