/**
 * Events the provider hears: one durable record per thing that happened on an account, written in the
 * transaction of the change. Webhooks deliver them and `GET /p/v1/events` reads them in order.
 */
import { z } from 'zod';
import { IsoDateTimeSchema } from './primitives';
import { builtOnFirstUse } from './lazy-schema';

export const EVENT_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'payment_method.added',
  'payment_method.removed',
  'payment_method.default_changed',
  'autopay.updated',
  'account.updated',
  'dispute.opened',
  'dispute.resolved',
  'person.joined',
  'person.removed',
  'invoice.posted',
  'usage.batch_loaded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EventTypeSchema = builtOnFirstUse(() => z.enum(EVENT_TYPES, { error: 'Unknown event type' }));

/** The shape version of every event's `data`; a change that breaks readers gets a new version. */
export const EVENT_VERSION = 1;
/** How long the feed keeps events. */
export const EVENT_RETENTION_DAYS = 30;

/** Who did it: a person of the account, Staff or an Admin, the provider's API client, or a job of the portal. */
export const EVENT_ACTOR_KINDS = ['person', 'staff', 'client', 'job'] as const;
export type EventActorKind = (typeof EVENT_ACTOR_KINDS)[number];
export interface EventActor {
  kind: EventActorKind;
  /** The person's or client's name, or the job's name. */
  name: string;
}
export const EventActorSchema = builtOnFirstUse(() => z.object({ kind: z.enum(EVENT_ACTOR_KINDS), name: z.string() }));

/** An event as webhooks send it and the feed answers it. */
export const EventSchema = builtOnFirstUse(() =>
  z.object({
    /** `evt_` and a ULID-like unique id; the webhook-id of its deliveries. */
    id: z.string(),
    type: EventTypeSchema,
    version: z.literal(EVENT_VERSION),
    occurredAt: IsoDateTimeSchema,
    /** The account's `externalId` (null for an account the provider did not create). */
    accountExternalId: z.string().nullable(),
    actor: EventActorSchema,
    data: z.record(z.string(), z.unknown()),
  }),
);
export type PortalEvent = z.infer<typeof EventSchema>;
