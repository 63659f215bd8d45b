/**
 * Entry of the prerendered pages (login.html…), written into them by prerender-pages.ts in place of index.html's
 * module script, which it names in `data-app-entry` (with the modules that script preloads in `data-app-preload`
 * and its stylesheets in `data-app-stylesheet`). The page is already there as HTML: the app's JavaScript (about
 * 0.3 s of parsing and running at 4× CPU throttle) is fetched and run only once the browser has loaded and
 * painted it, so it never holds the form back; main.tsx then hydrates it.
 */
const loaded = (): Promise<void> =>
  document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));

/** After the next frame has been painted (a hidden tab paints nothing: then at once). */
const painted = (): Promise<void> =>
  new Promise((resolve) => {
    if (document.visibilityState !== 'visible') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });

const boot = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const entry = boot?.dataset.appEntry;
if (!entry) throw new Error('The prerendered page names no app entry');

const linked = (rel: 'modulepreload' | 'stylesheet', href: string): HTMLLinkElement => {
  const link = document.createElement('link');
  link.rel = rel;
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
  return link;
};

/** Resolves once the stylesheet has loaded, or failed to: the app runs either way, as it would with index.html. */
const stylesheetLoaded = (link: HTMLLinkElement): Promise<void> =>
  new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });

const listed = (value: string | undefined): string[] => value?.split(' ').filter(Boolean) ?? [];

await loaded();
await painted();
// The entry's own imports, fetched side by side rather than one after the other, while the app's stylesheet
// (the page inlines only what its own markup uses) loads: the app may render what the markup does not have.
for (const href of listed(boot.dataset.appPreload)) linked('modulepreload', href);
await Promise.all(listed(boot.dataset.appStylesheet).map((href) => stylesheetLoaded(linked('stylesheet', href))));
await import(/* @vite-ignore */ entry);

// A module (for the top-level awaits), with nothing to export.
export {};
