import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { accounts, notificationPreferences, notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export const insertNotification = async (
  db: PortalDb,
  values: { accountId: bigint; kind: string; message: string; createdAt: Date },
): Promise<NotificationRow> => {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
};

/** Inserts an event's notification unless its occurrence (account, event key) is recorded already: null then. */
export const insertEventNotification = async (
  db: PortalDb,
  values: { accountId: bigint; kind: string; message: string; data: unknown; eventKey: string; createdAt: Date },
): Promise<NotificationRow | null> => {
  const [row] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.accountId, notifications.eventKey] })
    .returning();
  return row ?? null;
};

export const accountLanguage = async (db: PortalDb, accountId: bigint): Promise<string | null> => {
  const [row] = await db.select({ language: accounts.language }).from(accounts).where(eq(accounts.id, accountId));
  return row?.language ?? null;
};

/**
 * The people told by email about an account's event: active users with an address who reach the
 * account (linked to it or to an account above it) and have not turned the event's email off.
 */
/** `preferenceEvent` null: an event no person turns off (its email is the account's choice). */
export const emailRecipients = async (db: PortalDb, accountId: bigint, preferenceEvent: string | null): Promise<bigint[]> => {
  const result = await db.execute<{ id: string }>(sql`
    with recursive above(id) as (
      select ${accountId}::bigint
      union
      select a.parent_id from accounts a join above on a.id = above.id where a.parent_id is not null
    )
    select distinct u.id from users u join user_accounts ua on ua.user_id = u.id
    where ua.account_id in (select id from above) and u.status = 'active' and u.email is not null and u.email <> ''
      and not exists (select 1 from notification_preferences p where p.user_id = u.id and p.event = ${preferenceEvent}::text and not p.email)
    order by u.id`);
  return result.rows.map((r) => BigInt(r.id));
};

/** The person's email choices that differ from the default (on). */
export const preferenceRows = async (db: PortalDb, userId: bigint): Promise<{ event: string; email: boolean }[]> =>
  db.select({ event: notificationPreferences.event, email: notificationPreferences.email }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));

export const savePreferenceRows = async (db: PortalDb, userId: bigint, choices: { event: string; email: boolean }[], at: Date): Promise<void> => {
  if (choices.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map((c) => ({ userId, event: c.event, email: c.email, updatedAt: at })))
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.event], set: { email: sql`excluded.email`, updatedAt: at } });
};

/** What a notification email is made of at delivery: the notification, its account and the person. */
export const notificationMailFacts = async (db: PortalDb, notificationId: bigint, userId: bigint) => {
  const result = await db.execute<{
    kind: string;
    data: unknown;
    message: string;
    account_id: string;
    customer_no: string;
    language: string;
    email: string | null;
    name: string;
    status: string;
  }>(sql`
    select n.kind, n.data, n.message, n.account_id, a.customer_no, a.language, u.email, u.name, u.status
    from notifications n join accounts a on a.id = n.account_id, users u
    where n.id = ${notificationId} and u.id = ${userId}`);
  return result.rows[0] ?? null;
};

/** Uncleared notifications of an account, newest first. */
export const openNotifications = async (db: PortalDb, accountId: bigint, skip: number, take: number): Promise<NotificationRow[]> =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), isNull(notifications.clearedAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .offset(skip)
    .limit(take);

export const countOpenNotifications = async (db: PortalDb, accountId: bigint): Promise<number> => {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from notifications where account_id = ${accountId} and cleared_at is null`,
  );
  return Number(result.rows[0]?.n ?? 0);
};

export const findNotification = async (db: PortalDb, notificationId: bigint): Promise<NotificationRow | null> => {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
  return row ?? null;
};

export const clearNotification = async (db: PortalDb, notificationId: bigint, at: Date): Promise<boolean> => {
  const rows = await db
    .update(notifications)
    .set({ clearedAt: at })
    .where(and(eq(notifications.id, notificationId), isNull(notifications.clearedAt)))
    .returning({ id: notifications.id });
  return rows.length > 0;
};

export const clearAllNotifications = async (db: PortalDb, accountId: bigint, at: Date): Promise<number> => {
  const rows = await db
    .update(notifications)
    .set({ clearedAt: at })
    .where(and(eq(notifications.accountId, accountId), isNull(notifications.clearedAt)))
    .returning({ id: notifications.id });
  return rows.length;
};
