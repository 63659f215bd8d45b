/**
 * Webhooks: endpoints of the provider that hear the portal's events, signed per the Standard Webhooks
 * specification (`webhook-id` = the event id, `webhook-timestamp`, `webhook-signature`) with a `whsec_…`
 * secret shown once. An Admin manages them on the Webhooks screen (`/b`); the provider's API client with
 * `events:read` registers, lists and deletes them (`/p`). Deliveries leave from a durable outbox and are
 * retried on the schedule of `webhookRetryDelayMs` (server) until they succeed or 3 days have passed.
 */
import { z } from 'zod';
import { EVENT_TYPES, type EventType, EventTypeSchema } from './events';
import { IdSchema, IsoDateTimeSchema } from './primitives';
import { textSchema, trimmedText } from './text';
import { builtOnFirstUse } from './lazy-schema';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** The longest both secrets may be signed with after a rotation: 7 days. */
export const WEBHOOK_ROTATION_OVERLAP_MAX_MINUTES = 7 * 24 * 60;
/** How much of a receiver's answer each attempt keeps. */
export const WEBHOOK_RESPONSE_KEPT_BYTES = 2048;
/** How long a delivery is retried, and how long an endpoint may keep failing before it is disabled. */
export const WEBHOOK_GIVE_UP_DAYS = 3;
/** A receiver must answer within this. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The type of the event "Send a test event" delivers (not an event of an account: the feed never has it). */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
export const WEBHOOK_DELIVERIES_TAKE_MAX = 200;

export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];
/** Why an endpoint is disabled: by an Admin, or by the portal after 3 days of failed deliveries. */
export const WEBHOOK_DISABLED_REASONS = ['admin', 'failing'] as const;

/**
 * Where a delivery stands: `pending` (not tried yet, or replayed), `retrying` (its last attempt failed, another
 * is scheduled), `succeeded` (a 2xx answer), `failed` (given up: 3 days of failed attempts).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** How one attempt ended: a 2xx, another status (redirects included: never followed), no answer within 10 s, no connection, or a URL refused (SSRF). */
export const WEBHOOK_ATTEMPT_OUTCOMES = ['succeeded', 'http_error', 'timeout', 'network_error', 'refused'] as const;
export type WebhookAttemptOutcome = (typeof WEBHOOK_ATTEMPT_OUTCOMES)[number];

/** An account event type, or the test event. */
export type WebhookEventType = EventType | typeof WEBHOOK_TEST_EVENT_TYPE;
export const WebhookEventTypeSchema = builtOnFirstUse(() => z.enum([...EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE], { error: 'Unknown event type' }));

/** Event types without repeats, in the order of EVENT_TYPES (pure). */
export const normaliseEventTypes = (types: readonly EventType[]): EventType[] => EVENT_TYPES.filter((t) => types.includes(t));

/** An `http(s)` URL; whether it must be `https` and reach a public address is the server's check (production only). */
export const WebhookUrlSchema = builtOnFirstUse(() =>
  textSchema()
    .trim()
    .max(WEBHOOK_URL_MAX, `URL must be at most ${WEBHOOK_URL_MAX} characters`)
    .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' })),
);

/** `{url, events, description}`; `orderedPerAccount` asks for one account's events one at a time, in order. */
export const CreateWebhookEndpointRequestSchema = builtOnFirstUse(() =>
  z
    .object({
      url: WebhookUrlSchema,
      events: z.array(EventTypeSchema).min(1, 'Choose at least one event type').max(EVENT_TYPES.length * 2).transform(normaliseEventTypes),
      description: trimmedText(WEBHOOK_DESCRIPTION_MAX).default(''),
      orderedPerAccount: z.boolean().default(false),
    })
    .strict(),
);
export type CreateWebhookEndpointRequest = z.input<typeof CreateWebhookEndpointRequestSchema>;

export const WebhookEndpointSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    url: z.string(),
    events: z.array(EventTypeSchema),
    description: z.string(),
    orderedPerAccount: z.boolean(),
    status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
    disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
    disabledAt: IsoDateTimeSchema.nullable(),
    /** Since when every attempt has failed (null: the last one succeeded, or none failed yet). */
    failingSince: IsoDateTimeSchema.nullable(),
    createdAt: IsoDateTimeSchema,
    /** When the current secret was issued (registration or the last rotation). */
    secretIssuedAt: IsoDateTimeSchema,
    /** Until when deliveries are also signed with the secret before the last rotation; null when they are not. */
    previousSecretExpiresAt: IsoDateTimeSchema.nullable(),
  }),
);
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** `whsec_` and the base64 of the key: the form the `standardwebhooks` package reads. */
export const WebhookSecretSchema = builtOnFirstUse(() => z.string().regex(/^whsec_[A-Za-z0-9+/]+=*$/));

/** The provider API's answer to a registration: the endpoint's id and its secret, shown once. */
export const ProviderWebhookEndpointCreatedSchema = builtOnFirstUse(() => z.object({ id: IdSchema, secret: WebhookSecretSchema }));
export type ProviderWebhookEndpointCreated = z.infer<typeof ProviderWebhookEndpointCreatedSchema>;
export const ProviderWebhookEndpointListSchema = builtOnFirstUse(() => z.object({ data: z.array(WebhookEndpointSchema) }));

/** An endpoint and its secret: answered once, at registration and at each rotation. */
export const WebhookEndpointSecretSchema = builtOnFirstUse(() => z.object({ endpoint: WebhookEndpointSchema, secret: WebhookSecretSchema }));
export type WebhookEndpointSecret = z.infer<typeof WebhookEndpointSecretSchema>;

export const WebhookEndpointParamsSchema = builtOnFirstUse(() => z.object({ id: IdSchema }));
export const WebhookDeliveryParamsSchema = builtOnFirstUse(() => z.object({ id: IdSchema }));

export const RotateWebhookSecretRequestSchema = builtOnFirstUse(() =>
  z
    .object({
      /** How long deliveries carry both signatures, so the receiver can deploy the new secret; 0 ends the old one at once. */
      overlapMinutes: z
        .int('Overlap must be a whole number of minutes')
        .min(0, 'Overlap cannot be negative')
        .max(WEBHOOK_ROTATION_OVERLAP_MAX_MINUTES, 'Overlap must be at most 7 days'),
    })
    .strict(),
);
export type RotateWebhookSecretRequest = z.input<typeof RotateWebhookSecretRequestSchema>;

/** One delivery of one event to one endpoint, with its latest attempt. */
export const WebhookDeliverySchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    endpointId: IdSchema,
    eventId: z.string(),
    eventType: WebhookEventTypeSchema,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    /** Attempts made so far (replays included). */
    attempts: z.int(),
    createdAt: IsoDateTimeSchema,
    lastAttemptAt: IsoDateTimeSchema.nullable(),
    lastOutcome: z.enum(WEBHOOK_ATTEMPT_OUTCOMES).nullable(),
    /** The receiver's status code (null: no answer). */
    lastStatusCode: z.int().nullable(),
    lastDurationMs: z.int().nullable(),
    /** The first 2 KB of the receiver's answer, or what went wrong when there was none. */
    lastResponse: z.string().nullable(),
    nextAttemptAt: IsoDateTimeSchema.nullable(),
  }),
);
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookAttemptSchema = builtOnFirstUse(() =>
  z.object({
    attempt: z.int(),
    at: IsoDateTimeSchema,
    outcome: z.enum(WEBHOOK_ATTEMPT_OUTCOMES),
    statusCode: z.int().nullable(),
    durationMs: z.int(),
    response: z.string(),
  }),
);
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

const isoInstant = () => z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date and time with an offset' });

/** Newest first; `before` (the `next` of the previous page) pages on. `outcome=failed` means retrying or given up. */
export const WebhookDeliveriesQuerySchema = builtOnFirstUse(() =>
  z
    .object({
      eventType: WebhookEventTypeSchema.optional(),
      outcome: z.enum(['pending', 'succeeded', 'failed'], { error: 'Outcome must be pending, succeeded or failed' }).optional(),
      from: isoInstant().optional(),
      to: isoInstant().optional(),
      before: IdSchema.optional(),
      take: z.coerce.number().int().min(1, 'take must be at least 1').max(WEBHOOK_DELIVERIES_TAKE_MAX, `take must be at most ${WEBHOOK_DELIVERIES_TAKE_MAX}`).default(50),
    })
    .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) <= Date.parse(q.to), { message: 'from must not be after to', path: ['to'] }),
);
export type WebhookDeliveriesQuery = z.input<typeof WebhookDeliveriesQuerySchema>;
export const WebhookDeliveryPageSchema = builtOnFirstUse(() => z.object({ value: z.array(WebhookDeliverySchema), next: IdSchema.nullable() }));
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

/** Replay every delivery of the endpoint created in [from, to] whose last attempt failed. */
export const ReplayFailedWebhookDeliveriesSchema = builtOnFirstUse(() =>
  z
    .object({ from: isoInstant(), to: isoInstant() })
    .strict()
    .refine((q) => Date.parse(q.from) <= Date.parse(q.to), { message: 'from must not be after to', path: ['to'] }),
);
export type ReplayFailedWebhookDeliveries = z.input<typeof ReplayFailedWebhookDeliveriesSchema>;
export const ReplayedWebhookDeliveriesSchema = builtOnFirstUse(() => z.object({ replayed: z.int() }));
