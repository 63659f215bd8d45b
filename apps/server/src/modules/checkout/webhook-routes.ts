import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../errors';
import { InvalidWebhook } from '../../payments/provider';
import { billingContextOf } from '../payments/http';
import { handleProviderEvent } from './webhooks';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /b/v1/checkoutapi/webhook: the card provider's events. An encapsulated plugin, so its raw
 * body parser (signatures are computed over the exact bytes) applies to this route only.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const ctx = billingContextOf(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/v1/checkoutapi/webhook',
    {
      schema: {
        tags: ['Checkout'],
        summary: "The card provider's webhook (signature verified on the raw body); non-2xx makes the provider retry",
        response: { 200: z.object({ received: z.boolean(), outcome: z.enum(['processed', 'duplicate', 'ignored']) }) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = ctx.provider.parseWebhook(body, Array.isArray(signature) ? signature[0] : signature);
      } catch (error) {
        if (error instanceof InvalidWebhook) throw new HttpError(400, error.message);
        throw error;
      }
      const outcome = await handleProviderEvent(ctx, event);
      return { received: true, outcome };
    },
  );
};
