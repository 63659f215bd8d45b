/**
 * How any module records an event for the provider: one row of `events`, inserted in the transaction of the
 * change that caused it, so a change that rolls back leaves no event and a committed one always has its event.
 * Its webhook deliveries (one per active endpoint that asked for its type) are queued in the same
 * transaction, so a committed event is always delivered and a rolled-back one never is.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EVENT_VERSION, type EventActor, type EventType, type PortalEvent } from '@portal/contract';
import type { PortalDb } from '../db/client';
import { accounts, events, webhookDeliveries, webhookEndpoints } from '../db/schema';
import type { Caller } from './caller';

export interface EventInput {
  type: EventType;
  /** The account it happened on; its `externalId` is read in the same statement. */
  accountId: bigint | null;
  actor: EventActor;
  data: Record<string, unknown>;
  at: Date;
}

/** `evt_` and 24 hex characters of randomness. */
export const newEventId = (): string => `evt_${randomBytes(12).toString('hex')}`;

/** A person of the account, or Staff/an Admin acting for it. */
export const actorOfCaller = (caller: Pick<Caller, 'name' | 'isStaff'>): EventActor => ({ kind: caller.isStaff ? 'staff' : 'person', name: caller.name });
export const clientActor = (client: { name: string }): EventActor => ({ kind: 'client', name: client.name });
export const jobActor = (job: string): EventActor => ({ kind: 'job', name: job });

const jsonOf = (data: Record<string, unknown>): unknown => JSON.parse(JSON.stringify(data, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));

/** The body of an event as webhooks send it and the feed answers it (pure). */
export const eventPayload = (event: PortalEvent): string => JSON.stringify(event);

/** `db` is the transaction of the change. Answers the event's id. */
export const recordEvent = async (db: PortalDb, input: EventInput): Promise<string> => {
  const id = newEventId();
  const data = jsonOf(input.data) as Record<string, unknown>;
  const [row] = await db
    .insert(events)
    .values({
      id,
      type: input.type,
      version: EVENT_VERSION,
      occurredAt: input.at,
      accountId: input.accountId,
      accountExternalId: input.accountId === null ? null : sql`(select ${accounts.externalId} from ${accounts} where ${accounts.id} = ${input.accountId})`,
      actorKind: input.actor.kind,
      actorName: input.actor.name,
      data,
    })
    .returning({ accountExternalId: events.accountExternalId });
  const payload = eventPayload({
    id,
    type: input.type,
    version: EVENT_VERSION,
    occurredAt: input.at.toISOString(),
    accountExternalId: row!.accountExternalId,
    actor: input.actor,
    data,
  });
  const at = input.at.toISOString();
  await db.execute(sql`
    insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, account_id, payload, created_at, round_started_at, next_attempt_at)
    select w.id, ${id}, ${input.type}, ${input.accountId}, ${payload}, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from ${webhookEndpoints} w
    where w.status = 'active' and w.deleted_at is null and ${input.type} = any(w.event_types)`);
  return id;
};
