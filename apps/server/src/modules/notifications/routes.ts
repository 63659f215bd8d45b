/** Notification/* (docs/decisions/0003-contract-rules.md): what the billing jobs left for an account. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { clearAll, clearOne, getPreferences, listNotifications, savePreferences } from './service';

export const notificationRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);

  route(app, endpoints.notifications, async (request) => listNotifications(deps, callerOf(request), request.query));
  route(app, endpoints.clearNotification, async (request) => {
    await clearOne(deps, callerOf(request), request.query.notificationId);
    return true;
  });
  route(app, endpoints.clearAllNotifications, async (request) => {
    await clearAll(deps, callerOf(request), request.query.accountId);
    return true;
  });
  route(app, endpoints.notificationPreferences, async (request) => getPreferences(deps, callerOf(request)));
  route(app, endpoints.saveNotificationPreferences, async (request) => savePreferences(deps, callerOf(request), request.body));
};
