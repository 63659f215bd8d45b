import { countryName } from '@portal/contract/regions';
import { formatCurrency, formatDate, HOME_CURRENCY, type UiLanguage } from './format';

/**
 * The formatters a signed-in page shows its data with, each made once (and kept by its module) in a task of
 * its own. The first `Intl` object a page makes loads ICU's data: 180–240 ms at Lighthouse's 4× CPU here,
 * then 25–40 ms for the first date and region names (bench/README.md). Made while the page's chunks and
 * data are still on their way, that time leaves the render that shows the data, which blocks the page.
 */
export const formatterWarmUps = (language: UiLanguage): (() => unknown)[] => [
  () => formatCurrency(0, HOME_CURRENCY, { language }),
  () => formatDate(new Date(), 'list', language),
  () => formatDate(new Date(), 'long', language),
  () => countryName('CA', language),
];

/**
 * Runs `steps` one per task, so that none of them lengthens another. Not in idle callbacks: tried, and the render
 * that shows the data still paid for ICU (bench/README.md).
 */
export const runInTasks = (steps: readonly (() => unknown)[], schedule: (run: () => void) => void = (run) => setTimeout(run, 0)): void => {
  const [step, ...rest] = steps;
  if (!step) return;
  schedule(() => {
    step();
    runInTasks(rest, schedule);
  });
};

export const warmUpFormatters = (language: UiLanguage): void => runInTasks(formatterWarmUps(language));
