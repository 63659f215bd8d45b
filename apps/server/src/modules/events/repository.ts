import { and, asc, inArray, lt, sql } from 'drizzle-orm';
import type { EventType } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { events } from '../../db/schema';
import type { FeedPosition } from './cursor';

export type EventRow = typeof events.$inferSelect;

/**
 * The events after `position` in (transaction id, seq) order, of transactions older than every one still
 * running: a transaction that took a lower seq but commits later is still below the snapshot's xmin until it
 * ends, so no event can appear behind a cursor already handed out.
 */
export const eventsAfter = async (db: PortalDb, position: FeedPosition, limit: number, types: readonly EventType[] | undefined): Promise<EventRow[]> =>
  db
    .select()
    .from(events)
    .where(
      and(
        sql`${events.transactionId} < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`,
        sql`(${events.transactionId}, ${events.seq}) > (${String(position.transactionId)}::bigint, ${String(position.seq)}::bigint)`,
        types ? inArray(events.type, [...types]) : undefined,
      ),
    )
    .orderBy(asc(events.transactionId), asc(events.seq))
    .limit(limit);

/** Deletes the events that happened before `before`; answers how many. */
export const deleteEventsBefore = async (db: PortalDb, before: Date): Promise<number> => {
  const deleted = await db.delete(events).where(lt(events.occurredAt, before)).returning({ seq: events.seq });
  return deleted.length;
};
