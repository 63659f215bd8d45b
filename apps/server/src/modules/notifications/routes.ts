import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BooleanResultSchema,
  NotificationClearAllQuerySchema,
  NotificationClearQuerySchema,
  NotificationItemsQuerySchema,
  NotificationItemsSchema,
} from '@portal/contract';
import { callerOf } from '../../plugins/authenticate';
import { billingContextOf, errorResponses } from '../payments/http';
import { clearAll, clearOne, listNotifications } from './service';

/** Notification/* (spec §7, decisions §3): what the billing jobs left for an account. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = billingContextOf(app);
  const tags = ['Notifications'];

  app.get(
    '/v1/Notification/items',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: "An account's uncleared notifications, newest first ({ value, count } with count=true)",
        querystring: NotificationItemsQuerySchema,
        response: { 200: NotificationItemsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listNotifications(ctx, callerOf(request), request.query),
  );

  app.post(
    '/v1/Notification/clear',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Clear one notification',
        querystring: NotificationClearQuerySchema,
        response: { 200: BooleanResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await clearOne(ctx, callerOf(request), request.query.notificationId);
      return true;
    },
  );

  app.post(
    '/v1/Notification/clearall',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: "Clear all of an account's notifications",
        querystring: NotificationClearAllQuerySchema,
        response: { 200: BooleanResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await clearAll(ctx, callerOf(request), request.query.accountId);
      return true;
    },
  );
};
