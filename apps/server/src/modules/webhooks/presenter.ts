import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@portal/contract';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './repository';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** `now` decides whether the previous secret still signs. */
export const toWebhookEndpoint = (row: WebhookEndpointRow, now: Date): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.eventTypes,
  description: row.description,
  orderedPerAccount: row.orderedPerAccount,
  status: row.status,
  disabledReason: row.disabledReason,
  disabledAt: iso(row.disabledAt),
  failingSince: iso(row.failingSince),
  createdAt: row.createdAt.toISOString(),
  secretIssuedAt: row.secretIssuedAt.toISOString(),
  previousSecretExpiresAt: row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null,
});

export const toWebhookDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  eventId: row.eventId,
  eventType: row.eventType as WebhookEventType,
  status: row.status,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  lastOutcome: row.lastOutcome,
  lastStatusCode: row.lastStatusCode,
  lastDurationMs: row.lastDurationMs,
  lastResponse: row.lastResponse,
  nextAttemptAt: row.status === 'pending' || row.status === 'retrying' ? iso(row.nextAttemptAt) : null,
});

export const toWebhookAttempt = (row: WebhookAttemptRow): WebhookAttempt => ({
  attempt: row.attempt,
  at: row.at.toISOString(),
  outcome: row.outcome,
  statusCode: row.statusCode,
  durationMs: row.durationMs,
  response: row.response,
});
