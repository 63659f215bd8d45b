// Runs before first paint (inlined into <head> by inline-theme-init.ts) so a dark theme never flashes light.
// Mirrors src/lib/theme/theme.ts: localStorage 'theme' is light | dark | system (default system).
// It also hides a page prerendered at build time (in English, signed out) when src/main.tsx will not
// hydrate it but render afresh: another language, a session, a sign-out reason to show, a # token.
(function () {
  var root = document.documentElement;
  var theme = 'system';
  var stale = Boolean(window.location.hash);
  try {
    var local = window.localStorage;
    var tab = window.sessionStorage;
    var saved = local.getItem('theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') theme = saved;
    // The language rule of src/lib/i18n/i18n.ts (initialLanguage): the link's, else picked, else last shown, else the browser's.
    var linked = /[?&]lang=(en|fr)(&|$)/.exec(window.location.search);
    var language = (linked && linked[1]) || local.getItem('language') || local.getItem('lastLanguage') || navigator.language || '';
    if (language.toLowerCase().indexOf('fr') === 0) stale = true;
    if (local.getItem('token') || tab.getItem('token') || tab.getItem('signOutReason')) stale = true;
  } catch (e) {
    // Storage can be blocked (privacy mode); fall back to the system setting.
  }
  var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  if (stale) root.classList.add('prerender-stale');
})();
