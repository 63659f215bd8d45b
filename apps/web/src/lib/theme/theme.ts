import { useSyncExternalStore } from 'react';
import { persistentStore, STORAGE_KEYS, type KeyValueStore } from '../storage';

/**
 * Light, dark or system theme, saved under `theme`; system follows `prefers-color-scheme` live.
 * theme-init.js (inlined into each page) applies the same rule before first paint; this module keeps it applied afterwards.
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

export const isTheme = (value: unknown): value is Theme => typeof value === 'string' && THEMES.includes(value as Theme);

export const readTheme = (store: KeyValueStore = persistentStore): Theme => {
  const saved = store.getItem(STORAGE_KEYS.theme);
  return isTheme(saved) ? saved : DEFAULT_THEME;
};

/** Whether the page should be dark for a preference and the OS setting. */
export const resolveDark = (theme: Theme, systemPrefersDark: boolean): boolean =>
  theme === 'dark' || (theme === 'system' && systemPrefersDark);

const DARK_QUERY = '(prefers-color-scheme: dark)';
const media = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;

const listeners = new Set<() => void>();
let theme: Theme = typeof window === 'undefined' ? DEFAULT_THEME : readTheme();

const apply = (): void => {
  if (typeof document === 'undefined') return;
  const dark = resolveDark(theme, media()?.matches ?? false);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
};

const notify = (): void => {
  apply();
  listeners.forEach((l) => l());
};

export const getTheme = (): Theme => theme;

export const setTheme = (next: Theme): void => {
  theme = next;
  persistentStore.setItem(STORAGE_KEYS.theme, next);
  notify();
};

/** Whether the page is dark right now (after resolving "system"). */
export const isDarkNow = (): boolean => resolveDark(theme, media()?.matches ?? false);

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** `{ theme, dark, setTheme }`; re-renders on changes here, in other tabs, and of the OS setting. */
export const useTheme = () => {
  const current = useSyncExternalStore(subscribe, getTheme, () => DEFAULT_THEME);
  const dark = useSyncExternalStore(subscribe, isDarkNow, () => false);
  return { theme: current, dark, setTheme };
};

if (typeof window !== 'undefined') {
  media()?.addEventListener('change', notify);
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.theme || event.key === null) {
      theme = readTheme();
      notify();
    }
  });
  apply();
}
