import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@portal/contract';
import { HttpError } from '../../errors';
import { InvalidWebhook } from '../../card-providers/provider';
import { depsOf } from '../../http/deps';
import { route } from '../../http/route';
import { handleProviderEvent } from './webhooks';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * checkoutapi/webhook: the card provider's events. An encapsulated plugin, so its raw
 * body parser (signatures are computed over the exact bytes) applies to this route only.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const deps = depsOf(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  route(app, endpoints.checkoutWebhook, async (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = deps.provider.parseWebhook(body, Array.isArray(signature) ? signature[0] : signature);
    } catch (error) {
      if (error instanceof InvalidWebhook) throw new HttpError(400, error.message);
      throw error;
    }
    const outcome = await handleProviderEvent(deps, event);
    return { received: true, outcome };
  });
};
