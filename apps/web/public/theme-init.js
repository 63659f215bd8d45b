// Runs before first paint (loaded synchronously in <head>) so a dark theme never flashes light.
// Mirrors src/lib/theme/theme.ts: localStorage 'theme' is light | dark | system (default system).
(function () {
  var theme = 'system';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') theme = saved;
  } catch (e) {
    // Storage can be blocked (privacy mode); fall back to the system setting.
  }
  var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
