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

/**
 * Many events of one change (a usage batch names thousands of accounts), as `recordEvent` records each,
 * in their order: two statements whatever their number. Answers their ids.
 */
export const recordEvents = async (db: PortalDb, inputs: readonly EventInput[]): Promise<string[]> => {
  if (inputs.length === 0) return [];
  const ids = inputs.map(() => newEventId());
  const data = inputs.map((input) => jsonOf(input.data) as Record<string, unknown>);
  const accountIds = inputs.map((input) => (input.accountId === null ? null : input.accountId.toString()));
  const ats = inputs.map((input) => input.at.toISOString());
  const { rows } = await db.execute<{ id: string; account_external_id: string | null }>(sql`
    insert into ${events} (id, type, version, occurred_at, account_id, account_external_id, actor_kind, actor_name, data)
    select e.id, e.type, ${EVENT_VERSION}, e.at, e.account_id, a.external_id, e.actor_kind, e.actor_name, e.data
    from unnest(${sql.param(ids)}::text[], ${sql.param(inputs.map((input) => input.type))}::text[], ${sql.param(ats)}::timestamptz[],
                ${sql.param(accountIds)}::bigint[], ${sql.param(inputs.map((input) => input.actor.kind))}::text[],
                ${sql.param(inputs.map((input) => input.actor.name))}::text[], ${sql.param(data.map((d) => JSON.stringify(d)))}::jsonb[])
         with ordinality as e(id, type, at, account_id, actor_kind, actor_name, data, n)
    left join ${accounts} a on a.id = e.account_id
    order by e.n
    returning id, account_external_id`);
  const externalIds = new Map(rows.map((row) => [row.id, row.account_external_id]));
  const payloads = inputs.map((input, i) =>
    eventPayload({
      id: ids[i]!,
      type: input.type,
      version: EVENT_VERSION,
      occurredAt: ats[i]!,
      accountExternalId: externalIds.get(ids[i]!) ?? null,
      actor: input.actor,
      data: data[i]!,
    }),
  );
  await db.execute(sql`
    insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, account_id, payload, created_at, round_started_at, next_attempt_at)
    select w.id, d.event_id, d.event_type, d.account_id, d.payload, d.at, d.at, d.at
    from unnest(${sql.param(ids)}::text[], ${sql.param(inputs.map((input) => input.type))}::text[], ${sql.param(accountIds)}::bigint[],
                ${sql.param(payloads)}::text[], ${sql.param(ats)}::timestamptz[]) with ordinality as d(event_id, event_type, account_id, payload, at, n)
    join ${webhookEndpoints} w on w.status = 'active' and w.deleted_at is null and d.event_type = any(w.event_types)
    order by d.n, w.id`);
  return ids;
};
