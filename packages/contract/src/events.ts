/**
 * Events the provider hears: one durable record per thing that happened on an account, written in the
 * transaction of the change. Webhooks deliver them and `GET /p/v1/events` reads them in order.
 */
import { z } from 'zod';
import { IsoDateTimeSchema } from './primitives';
import { builtOnFirstUse } from './lazy-schema';
import { PAYMENT_METHOD_TYPES } from './bank-debit';

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
  'usage.limit_reached',
  'usage.limit_changed',
  'arrangement.created',
  'arrangement.kept',
  'arrangement.broken',
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

// ── Each type's data (version 1) ────────────────────────────────────────────────────────────
// Ids are digit strings and money decimal strings ("12.50"), so no reader loses a digit to its JSON parser.

const idString = () => z.string().regex(/^\d{1,19}$/);
const decimalString = () => z.string().regex(/^-?\d+\.\d{2}$/);
const currency = () => z.string().length(3);
const beforeAfter = () => z.object({ before: z.unknown(), after: z.unknown() });

/** The `data` of each event type the portal records from its own actions, by type. */
export const EVENT_DATA_SCHEMAS = {
  'payment.succeeded': () =>
    z.object({
      paymentId: idString(),
      amount: decimalString(),
      currency: currency(),
      /** The payment's type as statements show it ("Credit Card", "Credit Card (Manual)", "Bank Transfer", …). */
      paymentType: z.string(),
      receiptNumber: z.string(),
    }),
  'payment.failed': () =>
    z.object({ paymentId: idString(), amount: decimalString(), currency: currency(), paymentType: z.string(), failureReason: z.string(), failureMessage: z.string() }),
  'payment.refunded': () =>
    z.object({
      refundId: idString(),
      paymentId: idString(),
      amount: decimalString(),
      currency: currency(),
      reason: z.string(),
      /** What the payment still holds after this refund. */
      remaining: decimalString(),
      receiptNumber: z.string(),
    }),
  // A bank account (docs/decisions/0035-bank-debit.md) names its bank as `brand` and has no expiry.
  'payment_method.added': () =>
    z.object({
      paymentMethodId: idString(),
      type: z.enum(PAYMENT_METHOD_TYPES),
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int().nullable(),
      expYear: z.number().int().nullable(),
      isDefault: z.boolean(),
    }),
  'payment_method.removed': () => z.object({ paymentMethodId: idString(), brand: z.string(), last4: z.string() }),
  'payment_method.default_changed': () => z.object({ paymentMethodId: idString(), previousPaymentMethodId: idString().nullable() }),
  'autopay.updated': () =>
    z.object({
      enabled: z.boolean(),
      /** The saved schedule (kept while automatic payments are off), or null when none was ever saved. */
      schedule: z
        .object({ paymentMethodId: idString(), frequency: z.string(), amountType: z.string(), fixedAmount: decimalString().nullable(), includeOverdue: z.boolean() })
        .nullable(),
    }),
  'account.updated': () => z.object({ changes: z.partialRecord(z.enum(['invoiceEmail', 'language', 'billDelivery', 'billingContact', 'billingAddress']), beforeAfter()) }),
  'dispute.opened': () =>
    z.object({ disputeId: idString(), invoiceId: idString(), chargeId: idString().nullable(), cdrId: idString().nullable(), amount: decimalString(), currency: currency(), reason: z.string() }),
  'dispute.resolved': () =>
    z.object({
      disputeId: idString(),
      invoiceId: idString(),
      outcome: z.enum(['Resolved', 'Rejected']),
      /** What was credited (the credit note adds its share of taxes); null when rejected. */
      creditedAmount: decimalString().nullable(),
      creditNoteId: idString().nullable(),
      rejectionReason: z.string().nullable(),
    }),
  'person.joined': () => z.object({ email: z.string(), name: z.string(), via: z.enum(['invitation', 'added']) }),
  'person.removed': () => z.object({ email: z.string() }),
  /** This period's charges beyond the plan reached the limit: the network bars service beyond it. */
  'usage.limit_reached': () => z.object({ limit: decimalString(), used: decimalString(), currency: currency(), periodStart: z.string(), periodEnd: z.string() }),
  /** The limit was set, raised, lowered or removed (null). */
  'usage.limit_changed': () =>
    z.object({ previousLimit: decimalString().nullable(), limit: decimalString().nullable(), used: decimalString(), currency: currency(), reached: z.boolean() }),
  'arrangement.created': () =>
    z.object({
      arrangementId: idString(),
      amount: decimalString(),
      currency: currency(),
      /** The card or bank account charged on the dates; null: paid by hand. */
      paymentMethodId: idString().nullable(),
      instalments: z.array(z.object({ date: z.iso.date(), amount: decimalString() })),
    }),
  'arrangement.kept': () => z.object({ arrangementId: idString(), amount: decimalString(), currency: currency() }),
  'arrangement.broken': () =>
    z.object({
      arrangementId: idString(),
      amount: decimalString(),
      currency: currency(),
      /** The instalment missed, and what was still owed of the arrangement. */
      missedDate: z.iso.date(),
      unpaid: decimalString(),
    }),
} as const satisfies Partial<Record<EventType, () => z.ZodType>>;

type DataSchemas = typeof EVENT_DATA_SCHEMAS;
/** The `data` of an event of type T: its schema's shape, or any object for a type whose shape is defined elsewhere. */
export type EventData<T extends EventType> = T extends keyof DataSchemas ? z.infer<ReturnType<DataSchemas[T]>> : Record<string, unknown>;

// ── The feed (GET /p/v1/events) ─────────────────────────────────────────────────────────────

export const EVENT_FEED_DEFAULT_LIMIT = 100;
export const EVENT_FEED_MAX_LIMIT = 1000;

/** `after` is a cursor the feed answered (opaque); `types` a comma-separated list of event types. */
export const EventFeedQuerySchema = builtOnFirstUse(() =>
  z.object({
    after: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'after must be a cursor the feed answered as next').optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(EVENT_FEED_MAX_LIMIT, `limit must be at most ${EVENT_FEED_MAX_LIMIT}`)
      .default(EVENT_FEED_DEFAULT_LIMIT),
    types: z
      .string()
      .max(1000)
      .transform((list) => list.split(',').map((type) => type.trim()))
      .pipe(z.array(z.enum(EVENT_TYPES, { error: (issue) => `Unknown event type: ${String(issue.input)}` })).min(1))
      .optional(),
  }),
);
export type EventFeedQuery = z.infer<typeof EventFeedQuerySchema>;

/** A page of the feed; `next` resumes after its last event (the cursor given when the page is empty). */
export const EventFeedPageSchema = builtOnFirstUse(() => z.object({ data: z.array(EventSchema), next: z.string() }));
export type EventFeedPage = z.infer<typeof EventFeedPageSchema>;
