import type { UiLanguage } from './format';

let started = false;

/**
 * Loads ICU's data for a signed-in page's formatters (lib/formatter-warm-ups.ts) in a worker. The first `Intl`
 * object a page makes loads it: 30–130 ms at 1× in Chromium here, a long task wherever it lands. ICU keeps what
 * it loads for the whole renderer process, so made in a worker it costs the page's main thread nothing, and the
 * page's own first formatters then take under a millisecond (bench/README.md). Once per page; without workers
 * (jsdom), or should the worker not start, the page's first formatter loads the data as it always could.
 */
export const warmUpFormatters = (language: UiLanguage): void => {
  if (started || typeof Worker !== 'function') return;
  started = true;
  new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module', name: 'intl-warm-up' }).postMessage(language);
};
