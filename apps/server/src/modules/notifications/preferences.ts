/** A person's email choices: stored rows (only what they chose) ↔ the full answer (every event, on by default). Pure. */
import { NOTIFICATION_PREFERENCE_EVENTS, type NotificationPreferenceEvent, type NotificationPreferences } from '@portal/contract';

const isPreferenceEvent = (event: string): event is NotificationPreferenceEvent => (NOTIFICATION_PREFERENCE_EVENTS as readonly string[]).includes(event);

/** Every event, on unless a row turns it off (rows of events no longer offered are ignored). */
export const preferencesOf = (rows: readonly { event: string; email: boolean }[]): NotificationPreferences => {
  const preferences = Object.fromEntries(NOTIFICATION_PREFERENCE_EVENTS.map((event) => [event, true])) as NotificationPreferences;
  for (const row of rows) if (isPreferenceEvent(row.event)) preferences[row.event] = row.email;
  return preferences;
};

/** The choices that differ from what is stored now: what to write, and what the audit records. */
export const changedPreferences = (current: NotificationPreferences, wanted: NotificationPreferences): { event: NotificationPreferenceEvent; email: boolean }[] =>
  NOTIFICATION_PREFERENCE_EVENTS.filter((event) => current[event] !== wanted[event]).map((event) => ({ event, email: wanted[event] }));
