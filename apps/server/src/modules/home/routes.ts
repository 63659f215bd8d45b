import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HomeModelSchema, IdSchema, type CurrencyCode, type HomeModel } from '@portal/contract';
import { assertAccountAccess } from '../../lib/access';
import { callerOf } from '../../plugins/authenticate';
import { errorResponses } from '../payments/http';
import { moneyOf, presentPayment } from '../payments/presenter';
import { recentPayments } from '../payments/repository';
import { balancesOf, paymentDueDateOf } from './repository';

/** How many payments the dashboard and the payments screen show. */
export const RECENT_PAYMENT_COUNT = 50;

/** Billing/GetClientHomeModel (spec §7): balances, recent payments and the payment due date. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/Billing/GetClientHomeModel/:accountId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: ['Home'],
        summary: 'Balances per currency (negative = owing), latest payments, due date of the oldest unpaid invoice',
        params: z.object({ accountId: IdSchema }),
        response: { 200: HomeModelSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request): Promise<HomeModel> => {
      const { accountId } = request.params;
      await assertAccountAccess(app.db, callerOf(request), accountId);
      const [balances, payments, paymentDueDate] = await Promise.all([
        balancesOf(app.db, accountId),
        recentPayments(app.db, accountId, RECENT_PAYMENT_COUNT),
        paymentDueDateOf(app.db, accountId),
      ]);
      return {
        balances: balances.map((b) => ({ amount: moneyOf(b.amount), currency: { code: b.currency as CurrencyCode } })),
        recentPayments: payments.map(presentPayment),
        paymentDueDate,
      };
    },
  );
};
