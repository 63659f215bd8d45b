import { EVENT_RETENTION_DAYS } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { deleteDeliveriesBefore } from './repository';

const DAY_MS = 24 * 60 * 60_000;
/** Rows per statement: each batch holds its row locks only briefly. */
const BATCH = 1_000;

/**
 * The deliveries' retention step: a delivery is kept as long as the events (EVENT_RETENTION_DAYS) after its
 * last attempt, so the Webhooks screen shows no delivery whose event the feed no longer has for long, and
 * never one still due. Answers how many were deleted.
 */
export const deleteExpiredDeliveries = async (db: PortalDb, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const batch = await deleteDeliveriesBefore(db, before, BATCH);
    deleted += batch;
    if (batch < BATCH) return deleted;
  }
};
