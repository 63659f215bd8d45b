import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { queryClient } from '@/lib/query-client';
import { refresh as refreshSession } from '@/lib/session/session-store';

// Lazy route modules load on first use; on a busy 2-core machine that can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  // A screen may start loading a module (a dialog it preloads, the next route) just as its test ends:
  // let that finish, or the load outlives the test environment and fails the run.
  await vi.dynamicImportSettled();
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Module-level stores outlive a test: bring them back to "signed out, English, empty cache".
  refreshSession();
  queryClient.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

// jsdom has no matchMedia; the theme module and Radix read it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom lacks scrollIntoView (used by the account selector's listbox).
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
