import { EVENT_RETENTION_DAYS, type EventFeedPage, type EventFeedQuery } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { invalidFields } from '../../errors';
import { FEED_START, decodeCursor, encodeCursor } from './cursor';
import { presentEvent } from './presenter';
import { deleteEventsBefore, eventsAfter } from './repository';

const BAD_CURSOR = 'after must be a cursor the feed answered as next';

/** GET /p/v1/events: a page of the feed after the cursor; `next` resumes after its last event. */
export const readEventFeed = async (db: PortalDb, query: EventFeedQuery): Promise<EventFeedPage> => {
  const position = query.after === undefined ? FEED_START : decodeCursor(query.after);
  if (!position) throw invalidFields(BAD_CURSOR, { after: BAD_CURSOR });
  const rows = await eventsAfter(db, position, query.limit, query.types);
  const last = rows.at(-1);
  return { data: rows.map(presentEvent), next: encodeCursor(last ? { transactionId: last.transactionId, seq: last.seq } : position) };
};

const DAY_MS = 24 * 60 * 60_000;

/** The retention step: events older than EVENT_RETENTION_DAYS leave the feed. Answers how many were deleted. */
export const deleteExpiredEvents = async (db: PortalDb, now: Date): Promise<number> => deleteEventsBefore(db, new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS));
