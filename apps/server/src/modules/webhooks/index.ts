/** Webhooks: endpoints (Admin and provider API), the durable delivery outbox and its worker. */
import type { FastifyInstance } from 'fastify';
import { createWebhookDispatcher, type WebhookDispatcher, type WebhookDispatcherOptions } from './delivery';
import { webhookSecretsOf } from './service';

export { webhookRoutes } from './routes';
export { ENDPOINT_DISABLED_PURPOSE, type WebhookDispatcher } from './delivery';
export { deleteExpiredDeliveries } from './retention';

/** How often an instance looks for endpoints with due deliveries (a lane then runs until none is due). */
export const WEBHOOK_EVERY_MS = 1_000;

/** The app's delivery worker; `overrides` let tests shorten the timeout or fix the jitter. */
export const webhookDispatcherOf = (app: FastifyInstance, overrides: Pick<WebhookDispatcherOptions, 'timeoutMs' | 'random'> = {}): WebhookDispatcher =>
  createWebhookDispatcher({
    db: app.db,
    clock: app.clock,
    secrets: webhookSecretsOf(app.config.SECRETS_KEY),
    outbox: app.outbox,
    log: app.log,
    publicOnly: app.config.NODE_ENV === 'production',
    webhooksPage: new URL('/admin/webhooks', app.config.PUBLIC_ORIGIN).toString(),
    ...overrides,
  });
