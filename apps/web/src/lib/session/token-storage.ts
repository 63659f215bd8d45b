import { STORAGE_KEYS, type KeyValueStore } from '../storage';

/**
 * Where the session token lives.
 * - Remember me: persistent storage, and the per-tab copy is removed.
 * - Otherwise: per-tab storage, and the persistent copy is removed (a shared computer keeps nothing).
 * - Reading: the per-tab token is preferred, because it is the newest login made in this tab (a login
 *   without Remember me, or a single sign-on callback); the persistent one is used when the tab has none
 *   or when the tab's token is no longer valid, so an expired leftover never hides a valid remembered login.
 * - Logout and any 401: both copies are removed.
 */
export interface TokenStores {
  persistent: KeyValueStore;
  tab: KeyValueStore;
}

export const saveToken = (stores: TokenStores, token: string, remember: boolean): void => {
  if (remember) {
    stores.persistent.setItem(STORAGE_KEYS.token, token);
    stores.tab.removeItem(STORAGE_KEYS.token);
  } else {
    stores.tab.setItem(STORAGE_KEYS.token, token);
    stores.persistent.removeItem(STORAGE_KEYS.token);
  }
};

export const clearToken = (stores: TokenStores): void => {
  stores.persistent.removeItem(STORAGE_KEYS.token);
  stores.tab.removeItem(STORAGE_KEYS.token);
};

/** The first token, per-tab before persistent, that `isValid` accepts; null when neither is. */
export const readToken = (stores: TokenStores, isValid: (token: string) => boolean): string | null => {
  for (const store of [stores.tab, stores.persistent]) {
    const token = store.getItem(STORAGE_KEYS.token);
    if (token && isValid(token)) return token;
  }
  return null;
};
