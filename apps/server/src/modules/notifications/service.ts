import type { Notification, NotificationPreferences } from '@portal/contract';
import { notFound } from '../../errors';
import { assertAccountAccess, canAccessAccount } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import type { BillingContext } from '../../http/billing-context';
import {
  clearAllNotifications,
  clearNotification,
  countOpenNotifications,
  findNotification,
  openNotifications,
  preferenceRows,
  savePreferenceRows,
  type NotificationRow,
} from './repository';
import { changedPreferences, preferencesOf } from './preferences';

const present = (row: NotificationRow): Notification => ({
  id: row.id,
  accountId: row.accountId,
  kind: row.kind,
  message: row.message,
  data: (row.data as Record<string, unknown> | null) ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const listNotifications = async (
  ctx: BillingContext,
  caller: Caller,
  query: { accountId: bigint; skip: number; take: number; count: boolean },
): Promise<{ value: Notification[]; count?: number }> => {
  await assertAccountAccess(ctx.db, caller, query.accountId);
  const rows = await openNotifications(ctx.db, query.accountId, query.skip, query.take);
  const value = rows.map(present);
  return query.count ? { value, count: await countOpenNotifications(ctx.db, query.accountId) } : { value };
};

/** Clears one notification; another account's answers like an unknown one. Clearing twice is fine. */
export const clearOne = async (ctx: BillingContext, caller: Caller, notificationId: bigint): Promise<void> => {
  const notification = await findNotification(ctx.db, notificationId);
  if (!notification || !(await canAccessAccount(ctx.db, caller, notification.accountId))) throw notFound('The notification');
  await ctx.db.transaction(async (tx) => {
    if (await clearNotification(tx, notificationId, ctx.clock.now())) {
      await recordAudit(tx, {
        actorUserId: caller.userId,
        accountId: notification.accountId,
        action: 'notification.cleared',
        entity: 'notification',
        entityId: notificationId,
      });
    }
  });
};

export const clearAll = async (ctx: BillingContext, caller: Caller, accountId: bigint): Promise<void> => {
  await assertAccountAccess(ctx.db, caller, accountId);
  await ctx.db.transaction(async (tx) => {
    const cleared = await clearAllNotifications(tx, accountId, ctx.clock.now());
    if (cleared > 0) {
      await recordAudit(tx, { actorUserId: caller.userId, accountId, action: 'notification.cleared_all', entity: 'account', entityId: accountId, details: { cleared } });
    }
  });
};

/** The signed-in person's email choices (their own: no account is involved). */
export const getPreferences = async (ctx: BillingContext, caller: Caller): Promise<NotificationPreferences> =>
  preferencesOf(await preferenceRows(ctx.db, caller.userId));

export const savePreferences = async (ctx: BillingContext, caller: Caller, wanted: NotificationPreferences): Promise<NotificationPreferences> =>
  ctx.db.transaction(async (tx) => {
    const changes = changedPreferences(preferencesOf(await preferenceRows(tx, caller.userId)), wanted);
    if (changes.length > 0) {
      await savePreferenceRows(tx, caller.userId, changes, ctx.clock.now());
      await recordAudit(tx, {
        actorUserId: caller.userId,
        accountId: null,
        action: 'notification.preferences_changed',
        entity: 'user',
        entityId: caller.userId,
        details: { email: Object.fromEntries(changes.map((c) => [c.event, c.email])) },
      });
    }
    return preferencesOf(await preferenceRows(tx, caller.userId));
  });
