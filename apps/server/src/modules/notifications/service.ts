import type { Notification } from '@portal/contract';
import { notFound } from '../../errors';
import { assertAccountAccess, canAccessAccount } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../http/caller';
import type { BillingContext } from '../../http/billing-context';
import {
  clearAllNotifications,
  clearNotification,
  countOpenNotifications,
  findNotification,
  openNotifications,
  type NotificationRow,
} from './repository';

const present = (row: NotificationRow): Notification => ({
  id: row.id,
  accountId: row.accountId,
  kind: row.kind,
  message: row.message,
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
