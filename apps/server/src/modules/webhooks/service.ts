/**
 * Webhook endpoints and their deliveries as the Admin's Webhooks screen and the provider API manage them.
 * Every change is audited (never the secret); a registration's URL is checked against server-side request
 * forgery in production (https, public addresses only), as each delivery checks it again.
 */
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  EVENT_VERSION,
  WEBHOOK_TEST_EVENT_TYPE,
  type CreateWebhookEndpointRequestSchema,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointSecret,
} from '@portal/contract';
import type { z } from 'zod';
import type { PortalDb } from '../../db/client';
import type { Deps } from '../../http/deps';
import { conflict, invalidFields, notFound } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { newEventId } from '../../lib/events';
import { createSecretBox, type SecretBox } from '../../lib/secret-box';
import { toWebhookAttempt, toWebhookDelivery, toWebhookEndpoint } from './presenter';
import {
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  lockEndpoint,
  replayDelivery,
  replayFailedDeliveries,
  updateEndpoint,
  type WebhookEndpointRow,
} from './repository';
import { hostOf, isPublicAddress, PRIVATE_ADDRESS_PROBLEM, urlProblem } from './url-safety';

/** The secret box context of endpoints' signing secrets. */
export const WEBHOOK_SECRET_CONTEXT = 'webhook-endpoint-secret';
export const webhookSecretsOf = (secretsKey: Buffer): SecretBox => createSecretBox(secretsKey, WEBHOOK_SECRET_CONTEXT);

export type WebhooksDeps = Pick<Deps, 'db' | 'clock'> & {
  secrets: SecretBox;
  /** Production: registrations and deliveries reach only https URLs on public addresses. */
  publicOnly: boolean;
};

/** Who made a change: an Admin, or the provider's API client. */
export interface WebhookActor {
  userId: bigint | null;
  clientId: bigint | null;
  /** The Admin's or the client's name, for the test event's actor. */
  name: string;
}

const MINUTE = 60_000;

/** `whsec_` and 24 random bytes in base64: the form `standardwebhooks` reads. */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

const audit = (db: PortalDb, actor: WebhookActor, action: string, entity: 'webhook_endpoint' | 'webhook_delivery', entityId: bigint, details: Record<string, unknown>) =>
  recordAudit(db, { actorUserId: actor.userId, actorClientId: actor.clientId, accountId: null, action, entity, entityId, details });

/** Refuses (400 on `url`) what production may not call: not https, or a name resolving to a private address. */
export const checkWebhookUrl = async (url: string, publicOnly: boolean, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<void> => {
  if (!publicOnly) return;
  const parsed = new URL(url);
  const problem = urlProblem(parsed);
  if (problem) throw invalidFields(problem, { url: problem });
  const host = hostOf(parsed);
  if (isIP(host)) return;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    const unknown = 'The webhook URL’s host name does not resolve';
    throw invalidFields(unknown, { url: unknown });
  }
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a))) throw invalidFields(PRIVATE_ADDRESS_PROBLEM, { url: PRIVATE_ADDRESS_PROBLEM });
};

const resolveAll = async (host: string): Promise<string[]> => (await lookup(host, { all: true })).map((a) => a.address);

const endpointOrNotFound = async (db: PortalDb, id: bigint): Promise<WebhookEndpointRow> => {
  const row = await lockEndpoint(db, id);
  if (!row) throw notFound('The webhook endpoint');
  return row;
};

export const listWebhookEndpoints = async ({ db, clock }: WebhooksDeps): Promise<WebhookEndpoint[]> => {
  const now = clock.now();
  return (await listEndpoints(db)).map((row) => toWebhookEndpoint(row, now));
};

export const registerWebhookEndpoint = async (
  deps: WebhooksDeps,
  actor: WebhookActor,
  input: z.output<typeof CreateWebhookEndpointRequestSchema>,
): Promise<WebhookEndpointSecret> => {
  await checkWebhookUrl(input.url, deps.publicOnly);
  const now = deps.clock.now();
  const secret = generateWebhookSecret();
  return deps.db.transaction(async (tx) => {
    const row = await insertEndpoint(tx, {
      url: input.url,
      eventTypes: input.events,
      description: input.description,
      orderedPerAccount: input.orderedPerAccount,
      secret: deps.secrets.seal(secret),
      now,
      createdByUserId: actor.userId,
      createdByClientId: actor.clientId,
    });
    await audit(tx, actor, 'webhook_endpoint.register', 'webhook_endpoint', row.id, { url: row.url, events: row.eventTypes, orderedPerAccount: row.orderedPerAccount });
    return { endpoint: toWebhookEndpoint(row, now), secret };
  });
};

/** A new secret signs from now; the current one keeps signing too for `overlapMinutes`. */
export const rotateWebhookSecret = async (deps: WebhooksDeps, actor: WebhookActor, id: bigint, { overlapMinutes }: { overlapMinutes: number }): Promise<WebhookEndpointSecret> => {
  const now = deps.clock.now();
  const secret = generateWebhookSecret();
  return deps.db.transaction(async (tx) => {
    const current = await endpointOrNotFound(tx, id);
    const previousSecretExpiresAt = new Date(now.getTime() + overlapMinutes * MINUTE);
    const row = await updateEndpoint(tx, id, {
      secret: deps.secrets.seal(secret),
      secretIssuedAt: now,
      previousSecret: overlapMinutes > 0 ? current.secret : null,
      previousSecretExpiresAt: overlapMinutes > 0 ? previousSecretExpiresAt : null,
    });
    await audit(tx, actor, 'webhook_endpoint.rotate_secret', 'webhook_endpoint', id, { url: row.url, overlapMinutes, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() });
    return { endpoint: toWebhookEndpoint(row, now), secret };
  });
};

/** Queues a `webhook.test` event to one endpoint, delivered like any other. */
export const sendWebhookTest = async (deps: WebhooksDeps, actor: WebhookActor, id: bigint): Promise<WebhookDelivery> => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const endpoint = await endpointOrNotFound(tx, id);
    if (endpoint.status !== 'active') throw conflict('This webhook endpoint is disabled: enable it to send a test event.');
    const eventId = newEventId();
    const payload = JSON.stringify({
      id: eventId,
      type: WEBHOOK_TEST_EVENT_TYPE,
      version: EVENT_VERSION,
      occurredAt: now.toISOString(),
      accountExternalId: null,
      actor: { kind: actor.clientId !== null ? 'client' : 'staff', name: actor.name },
      data: { endpointId: String(id) },
    });
    const delivery = await insertDelivery(tx, { endpointId: id, eventId, eventType: WEBHOOK_TEST_EVENT_TYPE, accountId: null, payload, now });
    await audit(tx, actor, 'webhook_endpoint.test', 'webhook_endpoint', id, { url: endpoint.url, eventId });
    return toWebhookDelivery(delivery);
  });
};

/** Disables or enables an endpoint; the same status again changes nothing and audits nothing. */
export const setWebhookEndpointStatus = async (deps: WebhooksDeps, actor: WebhookActor, id: bigint, status: 'active' | 'disabled'): Promise<WebhookEndpoint> => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await endpointOrNotFound(tx, id);
    if (current.status === status) return toWebhookEndpoint(current, now);
    const row = await updateEndpoint(
      tx,
      id,
      status === 'disabled' ? { status, disabledAt: now, disabledReason: 'admin' } : { status, disabledAt: null, disabledReason: null, failingSince: null },
    );
    await audit(tx, actor, status === 'disabled' ? 'webhook_endpoint.disable' : 'webhook_endpoint.enable', 'webhook_endpoint', id, { url: row.url });
    return toWebhookEndpoint(row, now);
  });
};

export const deleteWebhookEndpoint = async (deps: WebhooksDeps, actor: WebhookActor, id: bigint): Promise<void> => {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const current = await endpointOrNotFound(tx, id);
    await updateEndpoint(tx, id, { deletedAt: now });
    await audit(tx, actor, 'webhook_endpoint.delete', 'webhook_endpoint', id, { url: current.url });
  });
};

export const listWebhookDeliveries = async (
  { db }: WebhooksDeps,
  endpointId: bigint,
  query: Parameters<typeof listDeliveries>[2],
): Promise<WebhookDeliveryPage> => {
  if (!(await findEndpoint(db, endpointId))) throw notFound('The webhook endpoint');
  const { rows, next } = await listDeliveries(db, endpointId, query);
  return { value: rows.map(toWebhookDelivery), next };
};

export const listWebhookAttempts = async ({ db }: WebhooksDeps, deliveryId: bigint): Promise<WebhookAttempt[]> => {
  if (!(await findDelivery(db, deliveryId))) throw notFound('The webhook delivery');
  return (await listAttempts(db, deliveryId)).map(toWebhookAttempt);
};

export const replayWebhookDelivery = async (deps: WebhooksDeps, actor: WebhookActor, id: bigint): Promise<WebhookDelivery> => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const delivery = await findDelivery(tx, id);
    if (!delivery) throw notFound('The webhook delivery');
    const row = await replayDelivery(tx, id, now);
    await audit(tx, actor, 'webhook_delivery.replay', 'webhook_delivery', id, { endpointId: String(delivery.endpointId), eventId: delivery.eventId, status: delivery.status });
    return toWebhookDelivery(row);
  });
};

export const replayFailedWebhookDeliveries = async (deps: WebhooksDeps, actor: WebhookActor, endpointId: bigint, range: { from: string; to: string }): Promise<{ replayed: number }> => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await endpointOrNotFound(tx, endpointId);
    const replayed = await replayFailedDeliveries(tx, endpointId, new Date(range.from), new Date(range.to), now);
    await audit(tx, actor, 'webhook_endpoint.replay_failed', 'webhook_endpoint', endpointId, { from: range.from, to: range.to, replayed });
    return { replayed };
  });
};
