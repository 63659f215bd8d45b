import { useSyncExternalStore } from 'react';
import { persistentStore, STORAGE_KEYS, tabStore } from '../storage';
import { decodeSession, type Session } from './session';
import { clearToken, readToken, saveToken, type TokenStores } from './token-storage';

/**
 * The one source of truth for "who is signed in". Components read it with `useSession()`; plain modules
 * (the API client, route loaders) with `getSession()`. It re-reads storage when another tab changes it and
 * drops the session by itself when the token expires, so every screen reacts the same way.
 */
const stores: TokenStores = { persistent: persistentStore, tab: tabStore };
const listeners = new Set<() => void>();
let current: Session | null | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

// setTimeout overflows above 2^31-1 ms (about 24.8 days) and would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

const read = (): Session | null => {
  const token = readToken(stores, (t) => decodeSession(t) !== null);
  return token ? decodeSession(token) : null;
};

const scheduleExpiry = (session: Session | null): void => {
  clearTimeout(expiryTimer);
  if (!session) return;
  expiryTimer = setTimeout(refresh, Math.min(Math.max(session.expiresAt - Date.now(), 0) + 100, MAX_TIMER_MS));
};

/** Re-reads storage and notifies subscribers when the session changed. */
export const refresh = (): void => {
  const next = read();
  if (next?.token === current?.token && current !== undefined) return;
  current = next;
  scheduleExpiry(next);
  listeners.forEach((l) => l());
};

export const getSession = (): Session | null => {
  if (current === undefined) {
    current = read();
    scheduleExpiry(current);
  }
  return current;
};

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Stores a token from a login (Remember me → persistent, else this tab only). */
export const startSession = (token: string, remember: boolean): Session | null => {
  saveToken(stores, token, remember);
  refresh();
  return current ?? null;
};

/** Logout and 401: forget the token everywhere and the account the user was looking at. */
export const endSession = (): void => {
  clearToken(stores);
  persistentStore.removeItem(STORAGE_KEYS.currentAccountId);
  refresh();
};

/** The signed-in user, or null. Re-renders on login, logout, expiry and changes made in other tabs. */
export const useSession = (): Session | null => useSyncExternalStore(subscribeSession, getSession, () => null);

if (typeof window !== 'undefined') {
  // Fires only for changes made by other tabs; key null means storage was cleared.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) refresh();
  });
}
