/**
 * Records an event whose `data` is typed by the contract's schema for its type (EVENT_DATA_SCHEMAS), and the
 * small conversions every caller needs: ids as digit strings and money as decimal strings.
 */
import { eq } from 'drizzle-orm';
import { minorToDecimal, toMinor, type EventActor, type EventData, type EVENT_DATA_SCHEMAS } from '@portal/contract';
import type { PortalDb } from '../db/client';
import { users } from '../db/schema';
import { actorOfCaller, recordEvent, type EventInput } from './events';

export type RecordedEventType = keyof typeof EVENT_DATA_SCHEMAS;

export interface TypedEventInput<T extends RecordedEventType> extends Omit<EventInput, 'type' | 'data'> {
  type: T;
  data: EventData<T>;
}

/** `db` is the transaction of the change. */
export const recordTypedEvent = <T extends RecordedEventType>(db: PortalDb, input: TypedEventInput<T>): Promise<string> => recordEvent(db, input);

/** "12.5" or 12.5 → "12.50". */
export const moneyText = (amount: string | number): string => minorToDecimal(toMinor(amount));
export const idText = (id: bigint): string => String(id);
export const optionalIdText = (id: bigint | null | undefined): string | null => (id === null || id === undefined ? null : String(id));

/**
 * The person (or Staff) of a user id, for an action recorded after their request (a card saved by the provider's
 * webhook, a payment settled later); null when there is no such person any more.
 */
export const actorOfUser = async (db: PortalDb, userId: bigint | null): Promise<EventActor | null> => {
  if (userId === null) return null;
  const [user] = await db.select({ name: users.name, roles: users.roles }).from(users).where(eq(users.id, userId));
  return user ? actorOfCaller({ name: user.name, isStaff: user.roles.includes('Staff') || user.roles.includes('Admin') }) : null;
};
