import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate, formatDateTime, type CurrencyFormatOptions, type DateStyle } from '../format';
import { isUiLanguage } from './i18n';

/**
 * Formatting bound to the current UI language (French → fr-CA numbers and dates). Prefer this hook in
 * components; the plain functions in lib/format take the language explicitly.
 */
export const useFormat = () => {
  const { i18n } = useTranslation();
  const language = isUiLanguage(i18n.language) ? i18n.language : 'en';
  return {
    language,
    currency: (amount: number, currency: string | null | undefined, options?: Omit<CurrencyFormatOptions, 'language'>) =>
      formatCurrency(amount, currency, { ...options, language }),
    date: (value: string | Date | null | undefined, style: DateStyle = 'list') => formatDate(value, style, language),
    dateTime: (value: string | Date | null | undefined) => formatDateTime(value, language),
  };
};
