/**
 * Display formatting at the UI edge. Amounts arrive as exact wire numbers (≤ 2 decimals) and are
 * only turned into text here, through Intl; nothing in the portal does arithmetic on formatted values.
 */
import { dayIn } from '@portal/contract';

export type UiLanguage = 'en' | 'fr';

/** The number locale follows the currency; unknown currencies format like USD. */
const CURRENCY_LOCALES: Record<string, string> = { USD: 'en-US', CAD: 'en-CA', GBP: 'en-GB', EUR: 'de-DE' };
const FRENCH_LOCALE = 'fr-CA';

/** The currency an amount is taken to be in when it does not say: the portal's people are Canadian (en-CA, fr-CA). */
export const HOME_CURRENCY = 'CAD';

/**
 * The currencies a person sees: those of the accounts they reach, or `'many'` for Staff and Admin, who reach
 * every account whatever its currency.
 */
export type SeenCurrencies = readonly string[] | 'many';

/**
 * docs/decisions/0014-languages-of-what-customers-receive.md: an amount names its currency when the person sees accounts in more than one currency, or when it is
 * not the home currency (a US-dollar amount for a Canadian reader). Otherwise the local symbol is unambiguous.
 */
export const currencyMustBeNamed = (currency: string, seen: SeenCurrencies = []): boolean =>
  currency !== HOME_CURRENCY || seen === 'many' || seen.some((code) => code !== currency);

export interface CurrencyFormatOptions {
  /** UI language; French uses fr-CA number formats for every currency. Default English. */
  language?: UiLanguage;
  /** The invoice detail screen shows CAD with the en-US locale (CA$). */
  invoiceDetail?: boolean;
  /** The currencies the reader sees (`currencyMustBeNamed`); none known by default. */
  seen?: SeenCurrencies;
}

/**
 * The dollar sign with its country, as Canadian usage writes it: "US$" / "CA$" in English, "$ US" / "$ CA" in
 * French (Intl's own fr-CA form for foreign dollars, which it leaves bare for the local one).
 */
const namedDollar = (code: string, language: UiLanguage | undefined): string =>
  language === 'fr' ? `$\u00a0${code.slice(0, 2)}` : `${code.slice(0, 2)}$`;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The locale used to format an amount in `currency`. */
export const currencyLocale = (currency: string, options: CurrencyFormatOptions = {}): string => {
  if (options.language === 'fr') return FRENCH_LOCALE;
  if (options.invoiceDetail && currency === 'CAD') return 'en-US';
  return CURRENCY_LOCALES[currency] ?? 'en-US';
};

/**
 * "$1,234.50": absolute value, 2 decimals, locale by currency. The sign is never shown; screens say
 * "owing"/"credit" (and use colour plus text) instead. When the currency must be named (`currencyMustBeNamed`)
 * a bare "$" becomes "US$"/"CA$" ("$ US"/"$ CA" in French); £ and € already say which currency they are.
 */
export const formatCurrency = (
  amount: number,
  currency: string | null | undefined,
  options: CurrencyFormatOptions = {},
): string => {
  const code = currency && CURRENCY_LOCALES[currency] ? currency : 'USD';
  const locale = currencyLocale(code, options);
  const key = `${locale}|${code}`;
  let nf = numberFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    numberFormats.set(key, nf);
  }
  const parts = nf.formatToParts(Math.abs(amount));
  const named = currencyMustBeNamed(code, options.seen);
  return parts.map((part) => (named && part.type === 'currency' && part.value === '$' ? namedDollar(code, options.language) : part.value)).join('');
};

/**
 * Parses a calendar date `YYYY-MM-DD` as that day in the user's time zone. `new Date('2025-05-30')` would be
 * midnight UTC, i.e. 29 May in the Americas; invoices and due dates are calendar days, not instants.
 * Full ISO date-times (with a time) are parsed as instants.
 */
export const parseDate = (value: string | Date): Date => {
  if (value instanceof Date) return value;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(value);
};

/** `list`: "5 Jan 2025" (d MMM yyyy); `detail`: "Jan 5, 2025" (MMM d, yyyy); `long`: "January 5, 2025" (MMMM d, yyyy). */
export type DateStyle = 'list' | 'detail' | 'long';

const INTL_LOCALES: Record<UiLanguage, string> = { en: 'en-US', fr: 'fr-CA' };
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The spec's patterns, assembled from Intl's parts so the order is exactly the spec's whatever the locale's
 * default order is (and no date-library locale data is downloaded). French puts the day first in every style.
 */
export const formatDate = (
  value: string | Date | null | undefined,
  style: DateStyle = 'list',
  language: UiLanguage = 'en',
): string => {
  if (value === null || value === undefined || value === '') return '-';
  const date = parseDate(value);
  if (Number.isNaN(date.getTime())) return '-';
  const month = style === 'long' ? 'long' : 'short';
  const key = `${language}|${month}`;
  let df = dateFormats.get(key);
  if (!df) {
    df = new Intl.DateTimeFormat(INTL_LOCALES[language], { day: 'numeric', month, year: 'numeric' });
    dateFormats.set(key, df);
  }
  const parts = Object.fromEntries(df.formatToParts(date).map((p) => [p.type, p.value]));
  const { day, month: monthName, year } = parts as { day: string; month: string; year: string };
  // French writes the first of the month as an ordinal: "1er décembre".
  if (language === 'fr') return `${day === '1' ? '1er' : day} ${monthName} ${year}`;
  if (style === 'list') return `${day} ${monthName} ${year}`;
  return `${monthName} ${day}, ${year}`;
};

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as a date and time of day where the reader is (or in `timeZone`, the account's), the date in the screen's style so one screen shows
 * one date format: "Jun 10, 2025, 8:05 AM" (detail), "10 Jun 2025, 8:05 AM" (list); "10 juin 2025, 08 h 05".
 */
export const formatDateTime = (
  value: string | Date | null | undefined,
  language: UiLanguage = 'en',
  style: Exclude<DateStyle, 'long'> = 'detail',
  timeZone?: string,
): string => {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const key = `${language}|${timeZone ?? ''}`;
  let tf = timeFormats.get(key);
  if (!tf) {
    tf = new Intl.DateTimeFormat(INTL_LOCALES[language], { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
    timeFormats.set(key, tf);
  }
  // On the account's clock when a zone is given: its calendar day first, then that day's time.
  const day = timeZone ? dayIn(timeZone, date) : date;
  return `${formatDate(day, style, language)}, ${tf.format(date)}`;
};

/** `YYYY-MM-DD` of a local calendar day (the inverse of `parseDate` for date-only values). */
export const toIsoDate = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
