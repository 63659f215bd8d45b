import type { UiLanguage } from './format';

/**
 * ICU's data for what a signed-in page shows its data with (the home currency, dates with month names, region
 * names), loaded by one `Intl` object of each kind, each in a task of its own. The first `Intl` object a page
 * makes loads ICU's data: 180–240 ms at Lighthouse's 4× CPU here, then 25–40 ms for the first date and region
 * names; once loaded, the pages' own formatters (lib/format.ts, the contract's regions.ts) cost about a
 * millisecond each (bench/README.md). Made while the page's chunks and data are still on their way, that time
 * leaves the render that shows the data, which blocks the page. `Intl` directly, not those modules: importing
 * them here put 0.5–1.3 KB more on pages that do not show money or addresses (/payments, /password ≤ 180 KB).
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

/**
 * Runs `steps` one per task, so that none of them lengthens another. Not in idle callbacks: tried, and the render
 * that shows the data still paid for ICU (bench/README.md).
 */
export const runInTasks = (
  steps: readonly (() => unknown)[],
  schedule: (run: () => void) => void = (run) => setTimeout(run, 0),
): void => {
  const [step, ...rest] = steps;
  if (!step) return;
  schedule(() => {
    step();
    runInTasks(rest, schedule);
  });
};

export const warmUpFormatters = (language: UiLanguage): void => runInTasks(formatterWarmUps(language));
