import { useTranslation } from './translate';
import { useSeenCurrencies } from '../current-account/current-account';
import { formatCurrency, formatDate, formatDateTime, type CurrencyFormatOptions, type DateStyle } from '../format';
import { isUiLanguage } from './i18n';

/**
 * Formatting bound to the current UI language (French → fr-CA numbers and dates) and to the currencies the
 * person sees (amounts name their currency when that is ambiguous). Prefer this hook in components; the plain
 * functions in lib/format take both explicitly.
 */
export const useFormat = () => {
  const { i18n } = useTranslation();
  const language = isUiLanguage(i18n.language) ? i18n.language : 'en';
  const seen = useSeenCurrencies();
  return {
    language,
    currency: (amount: number, currency: string | null | undefined, options?: Omit<CurrencyFormatOptions, 'language'>) =>
      formatCurrency(amount, currency, { seen, ...options, language }),
    date: (value: string | Date | null | undefined, style: DateStyle = 'list') => formatDate(value, style, language),
    dateTime: (value: string | Date | null | undefined, style: Exclude<DateStyle, 'long'> = 'detail', timeZone?: string) =>
      formatDateTime(value, language, style, timeZone),
  };
};
