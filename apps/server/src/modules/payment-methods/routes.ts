import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BooleanResultSchema, IdSchema, PaymentMethodEntrySchema } from '@portal/contract';
import { callerOf } from '../../plugins/authenticate';
import { billingContextOf, errorResponses } from '../payments/http';
import { presentPaymentMethod } from './presenter';
import { deleteCard, listCards, makeDefaultCard } from './service';

/** PaymentMethod/* (spec §7): saved cards of an account. */
export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = billingContextOf(app);
  const tags = ['Payment methods'];

  app.get(
    '/v1/PaymentMethod/methods/:accountId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: "The account's saved cards, default first, then newest",
        params: z.object({ accountId: IdSchema }),
        response: { 200: z.object({ value: z.array(PaymentMethodEntrySchema) }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const cards = await listCards(ctx, callerOf(request), request.params.accountId);
      return { value: cards.map(presentPaymentMethod) };
    },
  );

  app.post(
    '/v1/PaymentMethod/defaultmethod/:paymentMethodId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: "Make a card the account's default (not an expired one)",
        params: z.object({ paymentMethodId: IdSchema }),
        response: { 200: BooleanResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await makeDefaultCard(ctx, callerOf(request), request.params.paymentMethodId);
      return true;
    },
  );

  app.delete(
    '/v1/PaymentMethod/methods/:paymentMethodId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: 'Delete a card (never the last one, nor the card paying active automatic payments)',
        params: z.object({ paymentMethodId: IdSchema }),
        response: { 200: BooleanResultSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      await deleteCard(ctx, callerOf(request), request.params.paymentMethodId);
      return true;
    },
  );
};
