/** Text formatting of printed documents (spec §9: locale by currency, "MMM d, yyyy" dates). Pure. */
import type { CurrencyCode } from '@portal/contract';

const LOCALE_OF: Readonly<Record<CurrencyCode, string>> = { USD: 'en-US', CAD: 'en-CA', GBP: 'en-GB', EUR: 'de-DE' };

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An exact decimal amount ("1234.50") in the currency's locale. Formatting a ≤2-decimal value is
 * exact; no arithmetic happens here. The PDF's standard fonts are WinAnsi, which lacks the narrow
 * no-break space some locales use, so it becomes an ordinary no-break space.
 */
export const formatMoney = (amount: string, currency: string): string => {
  const code = currency.trim();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[code as CurrencyCode] ?? 'en-US', { style: 'currency', currency: code });
    moneyFormats.set(code, format);
  }
  return format.format(Number(amount)).replace(/\u202f/g, '\u00a0');
};

const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** "Jan 5, 2025" for a calendar date (`YYYY-MM-DD`) or an instant (its UTC day). */
export const formatDate = (value: string | Date): string =>
  dateFormat.format(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value));

/** "Jan 1 – Jan 31, 2025", both years when they differ, one date for a single day. */
export const formatPeriod = (startDate: string, endDate: string): string => {
  const start = formatDate(startDate);
  const end = formatDate(endDate);
  if (start === end) return start;
  return startDate.slice(0, 4) === endDate.slice(0, 4) ? `${start.replace(/, \d{4}$/, '')} – ${end}` : `${start} – ${end}`;
};

/** A quantity without trailing zeros ("1", "12.5"). */
export const formatQuantity = (quantity: string): string => (quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity);

/** A download file name safe in every browser and file system: letters, digits, dot, dash, underscore. */
export const safeFileName = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'document';

/** `attachment` with a plain-ASCII file name (and the same name RFC 5987-encoded for completeness). */
export const attachment = (fileName: string): string => {
  const safe = safeFileName(fileName);
  return `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
};

/** Category headings on the bill. */
export const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  Plan: 'Plans and services',
  Usage: 'Usage',
  OneTime: 'One-time charges',
  Adjustment: 'Adjustments and credits',
  Tax: 'Taxes',
};
