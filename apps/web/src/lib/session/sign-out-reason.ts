import { STORAGE_KEYS, tabStore } from '../storage';

/**
 * Why the person was signed out (idle timeout, a session ended elsewhere), for the login screen to say once.
 * Kept in this tab's storage so it survives the move to /login, whether by the router or a full load.
 */
export const setSignOutReason = (text: string): void => tabStore.setItem(STORAGE_KEYS.signOutReason, text);

export const readSignOutReason = (): string | null => tabStore.getItem(STORAGE_KEYS.signOutReason);

export const clearSignOutReason = (): void => tabStore.removeItem(STORAGE_KEYS.signOutReason);
