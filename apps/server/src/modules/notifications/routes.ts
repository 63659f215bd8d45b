/** Notification/* (docs/decisions/0003-contract-rules.md): what the billing jobs left for an account. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { billingContextOf } from '../../http/billing-context';
import { callerOf } from '../../http/caller';
import { route } from '../../http/route';
import { clearAll, clearOne, getPreferences, listNotifications, savePreferences } from './service';

export const notificationRoutes = async (app: FastifyInstance) => {
  const ctx = billingContextOf(app);

  route(app, endpoints.notifications, async (request) => listNotifications(ctx, callerOf(request), request.query));
  route(app, endpoints.clearNotification, async (request) => {
    await clearOne(ctx, callerOf(request), request.query.notificationId);
    return true;
  });
  route(app, endpoints.clearAllNotifications, async (request) => {
    await clearAll(ctx, callerOf(request), request.query.accountId);
    return true;
  });
  route(app, endpoints.notificationPreferences, async (request) => getPreferences(ctx, callerOf(request)));
  route(app, endpoints.saveNotificationPreferences, async (request) => savePreferences(ctx, callerOf(request), request.body));
};
