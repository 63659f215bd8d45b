import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckoutSetupRequestSchema, CheckoutSetupResponseSchema, PublicKeyResponseSchema } from '@portal/contract';
import { notFound } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { billingContextOf, errorResponses } from '../payments/http';
import { completeCardSetup, startCardSetup } from './service';

/** CheckoutApi/* (spec §7): the provider's public key, starting a card setup, and the return from it. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = billingContextOf(app);
  const tags = ['Checkout'];

  app.get(
    '/v1/CheckoutApi/stripepublickey',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: "The card provider's public key and name",
        response: { 200: PublicKeyResponseSchema, ...errorResponses(401) },
      },
    },
    async () => ({ publicKey: ctx.provider.publicKey, provider: ctx.provider.name }),
  );

  app.post(
    '/v1/checkoutapi/setup',
    {
      onRequest: app.requireCaller,
      schema: {
        tags,
        summary: "Start adding a card: answers the provider's session id and the URL to send the browser to",
        body: CheckoutSetupRequestSchema,
        response: { 200: CheckoutSetupResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => startCardSetup(ctx, callerOf(request), request.body, app.config.PUBLIC_ORIGIN),
  );

  // The provider sends the browser here (no bearer header on a redirect): the session id is the
  // capability, and only a session the provider reports finished saves a card.
  app.get(
    '/v1/checkoutapi/complete',
    {
      schema: {
        tags,
        summary: 'Return from the provider: saves the card, then redirects to the successUrl (or cancelUrl when not finished)',
        querystring: z.object({ session_id: z.string().min(1).max(255) }),
        response: errorResponses(404),
      },
    },
    async (request, reply) => {
      const session = await completeCardSetup(ctx, request.query.session_id);
      if (!session) throw notFound('The checkout session');
      return reply.redirect(session.status === 'complete' ? session.successUrl : session.cancelUrl, 303);
    },
  );
};
