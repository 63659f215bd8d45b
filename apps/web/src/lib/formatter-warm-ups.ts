import type { UiLanguage } from './format';

/**
 * One `Intl` object of each kind a signed-in page shows its data with (the home currency, dates with month
 * names, region names), each made once so that ICU loads its data for them (lib/intl-warm-up.ts runs them in a
 * worker). `Intl` directly, not lib/format.ts or the contract's regions.ts: this list is bundled into the worker.
 */
export const formatterWarmUps = (language: UiLanguage): (() => unknown)[] => {
  // The locales lib/format.ts formats the home currency and dates in: ICU prepares date patterns per locale, so a
  // date made in another locale left the page's first date (1.6–16 ms at 1×, bench/README.md) in its render.
  const moneyLocale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const dateLocale = language === 'fr' ? 'fr-CA' : 'en-US';
  return [
    () => new Intl.NumberFormat(moneyLocale, { style: 'currency', currency: 'CAD' }).format(0),
    () => new Intl.DateTimeFormat(dateLocale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date()),
    () => new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of('CA'),
  ];
};
