import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AutopayScheduleResponseSchema,
  AutopayScheduleSchema,
  BooleanResultSchema,
  IdSchema,
  UpdateDefaultPaymentMethodRequestSchema,
} from '@portal/contract';
import { callerOf } from '../../plugins/authenticate';
import { billingContextOf, errorResponses } from '../payments/http';
import { getAutopaySchedule, saveAutopaySchedule, switchAutopay } from './service';

/** Automatic payments (spec §7 update-default-payment-method, decisions §5 schedule). */
export const autopayRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = billingContextOf(app);
  const tags = ['Automatic payments'];
  const params = z.object({ accountId: IdSchema });

  app.post(
    '/v1/Account/update-default-payment-method',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Turn automatic payments on ("Credit Card", needs a schedule with a valid card) or off ("Credit Card (Manual)")',
        body: UpdateDefaultPaymentMethodRequestSchema,
        response: { 200: BooleanResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await switchAutopay(ctx, callerOf(request), request.body.accountId, request.body.paymentMethod);
      return true;
    },
  );

  app.get(
    '/v1/Account/:accountId/autopay',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'The automatic payment schedule and, when automatic payments are on, the next day they run',
        params,
        response: { 200: AutopayScheduleResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getAutopaySchedule(ctx, callerOf(request), request.params.accountId),
  );

  app.put(
    '/v1/Account/:accountId/autopay',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Save the schedule ("Setup Automatic Payments"): sets its card as default and turns automatic payments on',
        params,
        body: AutopayScheduleSchema,
        response: { 200: AutopayScheduleResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => saveAutopaySchedule(ctx, callerOf(request), request.params.accountId, request.body),
  );
};
