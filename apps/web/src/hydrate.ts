/**
 * Entry of the prerendered pages (login.html…), written into them by prerender-pages.ts in place of index.html's
 * module script, which it names in `data-app-entry` (with the modules that script preloads in
 * `data-app-preload`). The page is already there as HTML: the app's JavaScript (about 0.3 s of parsing and
 * running at 4× CPU throttle) is fetched and run only once the browser has loaded and painted it, so it never
 * holds the form back; main.tsx then hydrates it.
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

await loaded();
await painted();
// The entry's own imports, fetched side by side rather than one after the other.
for (const href of boot.dataset.appPreload?.split(' ').filter(Boolean) ?? []) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
await import(/* @vite-ignore */ entry);

// A module (for the top-level awaits), with nothing to export.
export {};
