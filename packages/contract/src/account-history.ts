/**
 * An account's activity (GET Account/{accountId}/history): the changes made to it, who made them — the
 * customer, a support agent acting for them, or the system — and when, from the append-only audit log.
 */
import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, IsoDateTimeSchema, MoneySchema, PagedQuerySchema } from './primitives';
import { builtOnFirstUse } from './lazy-schema';

/** The audit actions the history shows (sign-ins, notifications and checkout starts are left out). */
export const ACCOUNT_HISTORY_ACTIONS = [
  'payment.created',
  'payment.failed',
  'autopay.charged',
  'payment_method.added',
  'payment_method.deleted',
  'payment_method.default_set',
  'payment_method.duplicate_refused',
  'autopay.schedule_saved',
  'autopay.enabled',
  'autopay.disabled',
  'account.customerdetails.update',
  'account.created',
  'account.updated',
  'account.closed',
  'account.person_invited',
  'account.person_removed',
  'invoice.posted',
  'usage.batch_loaded',
  'usage.alerts_saved',
  'usage.limit_changed',
  'payment.recorded',
  'credit.issued',
] as const;
export type AccountHistoryAction = (typeof ACCOUNT_HISTORY_ACTIONS)[number];

/**
 * Who acted: `staff` is a Staff or Admin user acting for the customer; `system` a job (automatic payments,
 * settlement); `client` the provider's billing system through the provider API (named by its API client).
 */
export const HISTORY_ACTOR_KINDS = ['customer', 'staff', 'system', 'client'] as const;

export const AccountHistoryEntrySchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    at: IsoDateTimeSchema,
    action: z.enum(ACCOUNT_HISTORY_ACTIONS),
    actor: z.object({ kind: z.enum(HISTORY_ACTOR_KINDS), name: z.string().nullable() }),
    /** The payment's amount and currency, for payment actions. */
    amount: MoneySchema.nullable(),
    currency: CurrencyCodeSchema.nullable(),
    /** The card concerned, for card actions and payments by card. */
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /** The email of the person invited or removed, for those actions. */
    person: z.string().optional(),
  }),
);
export type AccountHistoryEntry = z.infer<typeof AccountHistoryEntrySchema>;

export const ACCOUNT_HISTORY_MAX_TAKE = 100;

/** Newest first; `skip`/`take` (at most 100) page it, `count=true` adds the total. */
export const AccountHistoryQuerySchema = builtOnFirstUse(() =>
  PagedQuerySchema.pick({ skip: true, count: true }).extend({
    take: z.coerce
      .number()
      .int()
      .min(1, 'take must be at least 1')
      .max(ACCOUNT_HISTORY_MAX_TAKE, `take must be at most ${ACCOUNT_HISTORY_MAX_TAKE}`)
      .default(20),
  }),
);
export type AccountHistoryQuery = z.input<typeof AccountHistoryQuerySchema>;
