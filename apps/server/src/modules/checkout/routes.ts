/** CheckoutApi/* and checkoutapi/*: the provider's public key, starting a card setup, and the return from it. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { notFound } from '../../errors';
import { depsOf } from '../../http/deps';
import { callerOf } from '../../lib/caller';
import { route } from '../../http/route';
import { sandboxPageRoutes } from './sandbox-page-routes';
import { checkoutRedirectOf, completeCardSetup, startCardSetup } from './service';
import { webhookRoutes } from './webhook-routes';

export const checkoutRoutes = async (app: FastifyInstance) => {
  const deps = depsOf(app);

  route(app, endpoints.publicKey, async () => ({ publicKey: deps.provider.publicKey, provider: deps.provider.name }));
  route(app, endpoints.checkoutSetup, async (request) => startCardSetup(deps, callerOf(request), request.body, { ip: request.ip }), {
    accountOf: (request) => request.body.accountId,
  });
  // Only a session the provider reports finished saves a card.
  route(app, endpoints.checkoutComplete, async (request, reply) => {
    const session = await completeCardSetup(deps, request.query.session_id);
    if (!session) throw notFound('The checkout session');
    return reply.redirect(await checkoutRedirectOf(deps.db, session), 303);
  });

  await app.register(webhookRoutes);
  await sandboxPageRoutes(app);
};
