import { jwtDecode } from 'jwt-decode';
import { persistentStore, STORAGE_KEYS } from '../storage';

/**
 * When the app last made a request to the services: the server ends a session after a spell without
 * requests, so this is the clock the idle warning counts from. Tabs that share a session (Remember me) share
 * the time through localStorage, so an idle tab does not warn — or sign out — while another one is in use.
 * The record names the session (`sid`), never the token.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let lastActivity = Date.now();

const sessionIdOf = (token: string | undefined): string | null => {
  if (!token) return null;
  try {
    const { sid } = jwtDecode<{ sid?: unknown }>(token);
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
};

const set = (at: number): void => {
  if (at === lastActivity) return;
  lastActivity = at;
  listeners.forEach((l) => l());
};

/** A request is leaving with this session's token (undefined without a session). */
export const noteActivity = (token: string | undefined, at: number = Date.now()): void => {
  set(at);
  const sid = sessionIdOf(token);
  if (sid) persistentStore.setItem(STORAGE_KEYS.lastActivity, JSON.stringify({ sid, at }));
};

/** Picks up another tab's activity in the same session (its `storage` event, or the stored record). */
export const adoptSharedActivity = (token: string | undefined): void => {
  const sid = sessionIdOf(token);
  const raw = persistentStore.getItem(STORAGE_KEYS.lastActivity);
  if (!sid || !raw) return;
  try {
    const record = JSON.parse(raw) as { sid?: unknown; at?: unknown };
    // Only newer activity counts: an older record is this tab's own or a quieter tab's.
    if (record.sid === sid && typeof record.at === 'number' && record.at > lastActivity && record.at <= Date.now())
      set(record.at);
  } catch {
    // A damaged record is only a missed hint: this tab's own clock still holds.
  }
};

export const getLastActivity = (): number => lastActivity;

export const subscribeActivity = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
