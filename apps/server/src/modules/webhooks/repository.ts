import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { EventType, WebhookDeliveriesQuery } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { SealedSecret } from '../../lib/secret-box';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

const live = isNull(webhookEndpoints.deletedAt);
const UNFINISHED = ['pending', 'retrying'] as const;

export const insertEndpoint = async (
  db: PortalDb,
  values: { url: string; eventTypes: EventType[]; description: string; orderedPerAccount: boolean; secret: SealedSecret; now: Date; createdByUserId: bigint | null; createdByClientId: bigint | null },
): Promise<WebhookEndpointRow> => {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...rest, secretIssuedAt: now, createdAt: now })
    .returning();
  return row!;
};

/** Endpoints not deleted, newest first. */
export const listEndpoints = (db: PortalDb): Promise<WebhookEndpointRow[]> =>
  db.select().from(webhookEndpoints).where(live).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));

/** An endpoint not deleted, locked for a change (changes to one endpoint run one at a time). */
export const lockEndpoint = async (db: PortalDb, id: bigint): Promise<WebhookEndpointRow | null> => {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), live)).for('update');
  return row ?? null;
};

export const findEndpoint = async (db: PortalDb, id: bigint): Promise<WebhookEndpointRow | null> => {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), live));
  return row ?? null;
};

export const updateEndpoint = async (db: PortalDb, id: bigint, set: Partial<WebhookEndpointRow>): Promise<WebhookEndpointRow> => {
  const [row] = await db.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning();
  return row!;
};

export const insertDelivery = async (
  db: PortalDb,
  values: { endpointId: bigint; eventId: string; eventType: string; accountId: bigint | null; payload: string; now: Date },
): Promise<WebhookDeliveryRow> => {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...rest, createdAt: now, roundStartedAt: now, nextAttemptAt: now })
    .returning();
  return row!;
};

const outcomeCondition = (outcome: WebhookDeliveriesQuery['outcome']): SQL | undefined =>
  outcome === 'failed' ? inArray(webhookDeliveries.status, ['retrying', 'failed']) : outcome ? eq(webhookDeliveries.status, outcome) : undefined;

/** One page of an endpoint's deliveries, newest first, and the `before` of the next page. */
export const listDeliveries = async (
  db: PortalDb,
  endpointId: bigint,
  query: { eventType?: string | undefined; outcome?: WebhookDeliveriesQuery['outcome']; from?: string | undefined; to?: string | undefined; before?: bigint | undefined; take: number },
): Promise<{ rows: WebhookDeliveryRow[]; next: bigint | null }> => {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        query.eventType ? eq(webhookDeliveries.eventType, query.eventType) : undefined,
        outcomeCondition(query.outcome),
        query.from ? gte(webhookDeliveries.createdAt, new Date(query.from)) : undefined,
        query.to ? lte(webhookDeliveries.createdAt, new Date(query.to)) : undefined,
        query.before !== undefined ? lt(webhookDeliveries.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.take + 1);
  const page = rows.slice(0, query.take);
  return { rows: page, next: rows.length > query.take ? page.at(-1)!.id : null };
};

/** A delivery of an endpoint that is not deleted. */
export const findDelivery = async (db: PortalDb, id: bigint): Promise<WebhookDeliveryRow | null> => {
  const [row] = await db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), live));
  return row?.delivery ?? null;
};

export const listAttempts = (db: PortalDb, deliveryId: bigint): Promise<WebhookAttemptRow[]> =>
  db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attempt));

/** Due again now, with a fresh round of retries. */
const replaySet = (now: Date) => ({ status: 'pending' as const, nextAttemptAt: now, roundStartedAt: now, roundFailures: 0 });

export const replayDelivery = async (db: PortalDb, id: bigint, now: Date): Promise<WebhookDeliveryRow> => {
  const [row] = await db.update(webhookDeliveries).set(replaySet(now)).where(eq(webhookDeliveries.id, id)).returning();
  return row!;
};

/** Replays every delivery of the endpoint created in [from, to] whose last attempt failed; answers how many. */
export const replayFailedDeliveries = async (db: PortalDb, endpointId: bigint, from: Date, to: Date, now: Date): Promise<number> => {
  const rows = await db
    .update(webhookDeliveries)
    .set(replaySet(now))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        inArray(webhookDeliveries.status, ['retrying', 'failed']),
        gte(webhookDeliveries.createdAt, from),
        lte(webhookDeliveries.createdAt, to),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
};

/** Active endpoints with a delivery due at `now`. */
export const endpointsWithDueDeliveries = async (db: PortalDb, now: Date): Promise<bigint[]> => {
  const { rows } = await db.execute<{ id: string }>(sql`
    select w.id from webhook_endpoints w
    where w.status = 'active' and w.deleted_at is null
      and exists (select 1 from webhook_deliveries d where d.endpoint_id = w.id and d.status in ('pending', 'retrying') and d.next_attempt_at <= ${now.toISOString()}::timestamptz)`);
  return rows.map((r) => BigInt(r.id));
};

export interface ClaimedDelivery {
  id: bigint;
  eventId: string;
  payload: string;
  attempts: number;
  roundStartedAt: Date;
  roundFailures: number;
  leaseUntil: Date;
}

/**
 * Claims up to `limit` due deliveries of an active endpoint until `leaseUntil` (`FOR UPDATE SKIP LOCKED`: rows
 * another instance is claiming are passed over, never waited for or taken twice). On an endpoint ordered per
 * account, a delivery waits while an earlier one of its account is unfinished (even one leased elsewhere).
 */
export const claimDueDeliveries = async (db: PortalDb, endpointId: bigint, now: Date, limit: number, leaseUntil: Date): Promise<ClaimedDelivery[]> => {
  const at = now.toISOString();
  const { rows } = await db.execute<{ id: string; event_id: string; payload: string; attempts: number; round_started_at: string | Date; round_failures: number }>(sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_endpoints w on w.id = d.endpoint_id
      where d.endpoint_id = ${endpointId} and w.status = 'active' and w.deleted_at is null
        and d.status in ('pending', 'retrying') and d.next_attempt_at <= ${at}::timestamptz
        and (d.lease_until is null or d.lease_until <= ${at}::timestamptz)
        and not (w.ordered_per_account and d.account_id is not null and exists (
          select 1 from webhook_deliveries e
          where e.endpoint_id = d.endpoint_id and e.account_id = d.account_id and e.status in ('pending', 'retrying') and e.id < d.id))
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries d set lease_until = ${leaseUntil.toISOString()}::timestamptz
    from due where d.id = due.id
    returning d.id, d.event_id, d.payload, d.attempts, d.round_started_at, d.round_failures`);
  return rows.map((r) => ({
    id: BigInt(r.id),
    eventId: r.event_id,
    payload: r.payload,
    attempts: Number(r.attempts),
    roundStartedAt: new Date(r.round_started_at),
    roundFailures: Number(r.round_failures),
    leaseUntil,
  }));
};

export interface FinishedAttempt {
  claim: ClaimedDelivery;
  attempt: Pick<WebhookAttemptRow, 'at' | 'outcome' | 'statusCode' | 'durationMs' | 'response'>;
  next: { status: 'succeeded' | 'retrying' | 'failed'; nextAttemptAt: Date | null; roundFailures: number };
}

/**
 * Ends claims with their attempts' results and keeps the attempts, all in one statement (atomic without a
 * transaction of its own: one round trip for a whole batch); answers the ids it ended. A claim whose lease was
 * lost (another instance took the row over after it expired) is left alone.
 */
export const finishAttempts = async (db: PortalDb, finished: readonly FinishedAttempt[]): Promise<Set<bigint>> => {
  if (finished.length === 0) return new Set();
  const results = sql.join(
    finished.map(
      ({ claim, attempt, next }) =>
        sql`(${claim.id}::bigint, ${claim.leaseUntil.toISOString()}::timestamptz, ${next.status}::text, ${next.nextAttemptAt?.toISOString() ?? null}::timestamptz, ${next.roundFailures}::int,
          ${attempt.at.toISOString()}::timestamptz, ${attempt.outcome}::text, ${attempt.statusCode}::int, ${attempt.durationMs}::int, ${attempt.response}::text)`,
    ),
    sql`, `,
  );
  const { rows } = await db.execute<{ id: string }>(sql`
    with results (id, lease_until, status, next_attempt_at, round_failures, at, outcome, status_code, duration_ms, response) as (values ${results}),
    finished as (
      update webhook_deliveries d set
        status = r.status, next_attempt_at = r.next_attempt_at, round_failures = r.round_failures,
        attempts = d.attempts + 1, lease_until = null, last_attempt_at = r.at, last_outcome = r.outcome,
        last_status_code = r.status_code, last_duration_ms = r.duration_ms, last_response = r.response
      from results r
      where d.id = r.id and d.lease_until = r.lease_until
      returning d.id, d.attempts, r.at, r.outcome, r.status_code, r.duration_ms, r.response
    )
    insert into webhook_attempts (delivery_id, attempt, at, outcome, status_code, duration_ms, response)
    select id, attempts, at, outcome, status_code, duration_ms, response from finished
    returning delivery_id as id`);
  return new Set(rows.map((r) => BigInt(r.id)));
};

/** One claim's end (see finishAttempts); false when the lease was lost. */
export const finishAttempt = async (db: PortalDb, claim: ClaimedDelivery, attempt: FinishedAttempt['attempt'], next: FinishedAttempt['next']): Promise<boolean> =>
  (await finishAttempts(db, [{ claim, attempt, next }])).size > 0;

/** Email addresses of the active Admins. */
export const adminEmails = async (db: PortalDb): Promise<string[]> => {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.status, 'active'), sql`'Admin' = any(${users.roles})`));
  return rows.flatMap((r) => (r.email ? [r.email] : []));
};

/** Per endpoint not deleted: how old its oldest unfinished delivery is (0 when none), for the metrics. */
export const deliveryBacklog = async (db: PortalDb, now: Date): Promise<{ endpointId: string; oldestAgeSeconds: number; unfinished: number }[]> => {
  const { rows } = await db.execute<{ endpoint_id: string; oldest: number; unfinished: number }>(sql`
    select w.id::text as endpoint_id,
      greatest(coalesce(extract(epoch from ${now.toISOString()}::timestamptz - min(d.created_at)), 0), 0)::float8 as oldest, count(d.id)::int as unfinished
    from webhook_endpoints w
    left join webhook_deliveries d on d.endpoint_id = w.id and d.status in (${sql.join(UNFINISHED.map((s) => sql`${s}`), sql`, `)})
    where w.deleted_at is null
    group by w.id`);
  return rows.map((r) => ({ endpointId: r.endpoint_id, oldestAgeSeconds: Number(r.oldest), unfinished: Number(r.unfinished) }));
};

/**
 * Deletes up to `limit` deliveries (and their attempts) past retention: finished ones (delivered or given up)
 * whose last attempt was before `before`, and any of an endpoint deleted before then, which nothing can send,
 * replay or show again. A delivery still due is never one of them; a replay racing the deletion locks its row
 * first (it is skipped) or finds it gone. Answers how many were deleted.
 */
export const deleteDeliveriesBefore = async (db: PortalDb, before: Date, limit: number): Promise<number> => {
  const at = before.toISOString();
  const { rows } = await db.execute<{ id: string }>(sql`
    with expired as (
      select d.id from webhook_deliveries d
      where (d.status in ('succeeded', 'failed') and d.last_attempt_at < ${at}::timestamptz)
        or d.endpoint_id in (select w.id from webhook_endpoints w where w.deleted_at < ${at}::timestamptz)
      order by d.id
      limit ${limit}
      for update of d skip locked
    ),
    attempts as (delete from webhook_attempts a using expired where a.delivery_id = expired.id)
    delete from webhook_deliveries d using expired where d.id = expired.id
    returning d.id`);
  return rows.length;
};

