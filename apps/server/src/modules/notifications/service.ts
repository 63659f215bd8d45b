import type { Notification, NotificationPreferences } from '@portal/contract';
import { notFound } from '../../errors';
import { assertAccountAccess, canAccessAccount } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import type { Caller } from '../../lib/caller';
import type { Deps } from '../../http/deps';
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
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  query: { accountId: bigint; skip: number; take: number; count: boolean },
): Promise<{ value: Notification[]; count?: number }> => {
  await assertAccountAccess(deps.db, caller, query.accountId);
  const rows = await openNotifications(deps.db, query.accountId, query.skip, query.take);
  const value = rows.map(present);
  return query.count ? { value, count: await countOpenNotifications(deps.db, query.accountId) } : { value };
};

/** Clears one notification; another account's answers like an unknown one. Clearing twice is fine. */
export const clearOne = async (deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, notificationId: bigint): Promise<void> => {
  const notification = await findNotification(deps.db, notificationId);
  if (!notification || !(await canAccessAccount(deps.db, caller, notification.accountId))) throw notFound('The notification');
  await deps.db.transaction(async (tx) => {
    if (await clearNotification(tx, notificationId, deps.clock.now())) {
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

export const clearAll = async (deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, accountId: bigint): Promise<void> => {
  await assertAccountAccess(deps.db, caller, accountId);
  await deps.db.transaction(async (tx) => {
    const cleared = await clearAllNotifications(tx, accountId, deps.clock.now());
    if (cleared > 0) {
      await recordAudit(tx, { actorUserId: caller.userId, accountId, action: 'notification.cleared_all', entity: 'account', entityId: accountId, details: { cleared } });
    }
  });
};

/** The signed-in person's email choices (their own: no account is involved). */
export const getPreferences = async (deps: Pick<Deps, 'db'>, caller: Caller): Promise<NotificationPreferences> =>
  preferencesOf(await preferenceRows(deps.db, caller.userId));

export const savePreferences = async (deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, wanted: NotificationPreferences): Promise<NotificationPreferences> =>
  deps.db.transaction(async (tx) => {
    const changes = changedPreferences(preferencesOf(await preferenceRows(tx, caller.userId)), wanted);
    if (changes.length > 0) {
      await savePreferenceRows(tx, caller.userId, changes, deps.clock.now());
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
