import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PortalDb } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export const insertNotification = async (
  db: PortalDb,
  values: { accountId: bigint; kind: string; message: string; createdAt: Date },
): Promise<NotificationRow> => {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
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
