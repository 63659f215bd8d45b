import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { route } from '../../http/route';
import { depsOf } from '../../http/deps';
import { clientOf } from '../../http/client-caller';
import { callerOf } from '../../lib/caller';
import { addWebhookBacklog } from '../../lib/metrics';
import { deliveryBacklog } from './repository';
import {
  deleteWebhookEndpoint,
  listWebhookAttempts,
  listWebhookDeliveries,
  listWebhookEndpoints,
  registerWebhookEndpoint,
  replayFailedWebhookDeliveries,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  setWebhookEndpointStatus,
  webhookSecretsOf,
  type WebhookActor,
  type WebhooksDeps,
} from './service';

/** The Admin's Webhooks screen (`/b`) and the provider API's webhook endpoints (`/p`, `events:read`). */
export const webhookRoutes = async (app: FastifyInstance) => {
  const deps: WebhooksDeps = { ...depsOf(app), secrets: webhookSecretsOf(app.config.SECRETS_KEY), publicOnly: app.config.NODE_ENV === 'production' };
  const admin = (request: Parameters<typeof callerOf>[0]): WebhookActor => {
    const caller = callerOf(request);
    return { userId: caller.userId, clientId: null, name: caller.name };
  };
  const client = (request: Parameters<typeof clientOf>[0]): WebhookActor => {
    const caller = clientOf(request);
    return { userId: null, clientId: caller.apiClientId, name: caller.name };
  };

  route(app, endpoints.webhookEndpoints, async () => listWebhookEndpoints(deps));
  route(app, endpoints.registerWebhookEndpoint, async (request, reply) => {
    const created = await registerWebhookEndpoint(deps, admin(request), request.body);
    reply.code(201);
    return created;
  });
  route(app, endpoints.rotateWebhookSecret, async (request) => rotateWebhookSecret(deps, admin(request), request.params.id, request.body));
  route(app, endpoints.sendWebhookTest, async (request, reply) => {
    const delivery = await sendWebhookTest(deps, admin(request), request.params.id);
    reply.code(201);
    return delivery;
  });
  route(app, endpoints.disableWebhookEndpoint, async (request) => setWebhookEndpointStatus(deps, admin(request), request.params.id, 'disabled'));
  route(app, endpoints.enableWebhookEndpoint, async (request) => setWebhookEndpointStatus(deps, admin(request), request.params.id, 'active'));
  route(app, endpoints.webhookDeliveries, async (request) => listWebhookDeliveries(deps, request.params.id, request.query));
  route(app, endpoints.webhookDeliveryAttempts, async (request) => listWebhookAttempts(deps, request.params.id));
  route(app, endpoints.replayWebhookDelivery, async (request) => replayWebhookDelivery(deps, admin(request), request.params.id));
  route(app, endpoints.replayFailedWebhookDeliveries, async (request) => replayFailedWebhookDeliveries(deps, admin(request), request.params.id, request.body));

  route(app, endpoints.providerWebhookEndpointCreate, async (request, reply) => {
    const { endpoint, secret } = await registerWebhookEndpoint(deps, client(request), request.body);
    reply.code(201);
    return { id: endpoint.id, secret };
  });
  route(app, endpoints.providerWebhookEndpoints, async () => ({ data: await listWebhookEndpoints(deps) }));
  route(app, endpoints.providerWebhookEndpointDelete, async (request, reply) => {
    await deleteWebhookEndpoint(deps, client(request), request.params.id);
    return reply.code(204).send();
  });

  const removeBacklog = addWebhookBacklog(() => deliveryBacklog(app.db, app.clock.now()));
  app.addHook('onClose', async () => removeBacklog());
};
