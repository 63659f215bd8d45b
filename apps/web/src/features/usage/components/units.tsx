import { useTranslation } from '@/lib/i18n/translate';
import { dataParts, durationParts } from '../rules';

/** Duration and data as the reader's language writes them ("4 min 05 s", "1,5 Mo"). */
export const useUsageUnits = () => {
  const { t, i18n } = useTranslation('usage');
  const number = new Intl.NumberFormat(i18n.language === 'fr' ? 'fr-CA' : 'en-US', { maximumFractionDigits: 1 });
  return {
    number: (value: number) => number.format(value),
    duration: (seconds: number) => {
      const parts = durationParts(seconds);
      return parts.unit === 'seconds'
        ? t('units.seconds', { s: parts.s })
        : parts.unit === 'minutesSeconds'
          ? t('units.minutesSeconds', { m: parts.m, s: String(parts.s).padStart(2, '0') })
          : t('units.hoursMinutes', { h: number.format(parts.h), m: String(parts.m).padStart(2, '0') });
    },
    data: (kb: number) => {
      const parts = dataParts(kb);
      return t(`units.${parts.unit}`, { value: number.format(parts.value) });
    },
  };
};
