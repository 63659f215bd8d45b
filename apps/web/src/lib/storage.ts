/**
 * Browser storage keys. Ours: `language` (the language a user picked in the user menu), `lastLanguage`
 * (the language the portal was last shown in, whoever chose it: public pages open in it), `lastActivity`
 * (when this session last reached the server, shared by tabs) and `signOutReason` (what /login says after it).
 */
export const STORAGE_KEYS = {
  token: 'token',
  currentAccountId: 'currentAccountId',
  theme: 'theme',
  language: 'language',
  lastLanguage: 'lastLanguage',
  lastActivity: 'lastActivity',
  signOutReason: 'signOutReason',
} as const;

/** Minimal Storage surface, so the rules can be tested against plain fakes. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage can throw (privacy modes, quota, sandboxed iframes): the portal then behaves as if it were empty. */
const guard = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

const browserStore = (pick: () => Storage): KeyValueStore => ({
  getItem: (key) => guard(() => pick().getItem(key), null),
  setItem: (key, value) => guard(() => pick().setItem(key, value), undefined),
  removeItem: (key) => guard(() => pick().removeItem(key), undefined),
});

/** Persistent storage (survives closing the browser): Remember me, theme, current account. */
export const persistentStore: KeyValueStore = browserStore(() => window.localStorage);
/** Per-tab storage, cleared when the tab closes: a login without Remember me. */
export const tabStore: KeyValueStore = browserStore(() => window.sessionStorage);
