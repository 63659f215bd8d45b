import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, pagedSchema, pagingFields } from './primitives';
import { builtOnFirstUse } from './lazy-schema';

export const NotificationSchema = builtOnFirstUse(() =>
  z.object({
    id: IdSchema,
    accountId: IdSchema,
    kind: z.string(),
    message: z.string(),
    /** The event's facts (NotificationEventData of its kind), so the app words it in its own language; null for older rows. */
    data: z.record(z.string(), z.unknown()).nullable(),
    createdAt: IsoDateTimeSchema,
  }),
);
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationClearQuerySchema = builtOnFirstUse(() => z.object({ notificationId: IdSchema }));
export const NotificationClearAllQuerySchema = builtOnFirstUse(() => z.object({ accountId: IdSchema }));

/** Notification/items query: an account's uncleared notifications, newest first, paged. */
export const NotificationItemsQuerySchema = builtOnFirstUse(() => z.object({ accountId: IdSchema, ...pagingFields() }));
export const NotificationItemsSchema = builtOnFirstUse(() => pagedSchema(NotificationSchema));
export type NotificationItems = z.infer<typeof NotificationItemsSchema>;

/**
 * What happens to an account that its people are told about, in the app and (when they opted in) by
 * email. An expired card is told under the expiring card's email choice.
 */
export const NOTIFICATION_EVENTS = [
  'invoice_posted',
  'payment_succeeded',
  'payment_failed',
  'autopay_scheduled',
  'card_expiring',
  'card_expired',
  'dispute_status_changed',
  'usage_alert',
  'arrangement_broken',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * The events a person chooses about (Account Information): each event but card_expired, which follows card_expiring,
 * and arrangement_broken, which follows payment_failed (a missed instalment is a payment not made).
 */
export const NOTIFICATION_PREFERENCE_EVENTS = [
  'invoice_posted',
  'payment_succeeded',
  'payment_failed',
  'autopay_scheduled',
  'card_expiring',
  'dispute_status_changed',
] as const satisfies readonly NotificationEvent[];
export type NotificationPreferenceEvent = (typeof NOTIFICATION_PREFERENCE_EVENTS)[number];

/** null for usage alerts: whether they are emailed is the account's choice on the Usage screen, not each person's. */
export const preferenceOfEvent = (event: NotificationEvent): NotificationPreferenceEvent | null =>
  event === 'usage_alert' ? null : event === 'card_expired' ? 'card_expiring' : event === 'arrangement_broken' ? 'payment_failed' : event;

/** Which usage alert: an allowance's share, roaming's start or share of the limit, the overage amount, the limit. */
export const USAGE_ALERT_NAMES = ['voice', 'sms', 'data', 'roaming', 'roaming_started', 'overage', 'limit'] as const;
export type UsageAlertName = (typeof USAGE_ALERT_NAMES)[number];

/** The facts of each event (ids as strings, amounts as exact decimal strings, dates `YYYY-MM-DD`). */
export interface NotificationEventData {
  invoice_posted: { invoiceId: string; invoiceNumber: string; amount: string; currency: string; dueDate: string };
  payment_succeeded: { paymentId: string; amount: string; currency: string };
  /** `paymentId` is null when an automatic payment failed before a charge (its `period` names it). */
  payment_failed: {
    paymentId: string | null;
    amount: string;
    currency: string;
    reason: string;
    /** The reason as a PAYMENT_FAILURE_REASONS code, worded in the account's language; absent when only `reason` is known. */
    failureReason?: string | null;
    automatic: boolean;
    period?: string;
  };
  autopay_scheduled: { period: string; date: string; amount: string; currency: string };
  card_expiring: { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number };
  card_expired: { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number };
  dispute_status_changed: {
    disputeId: string;
    status: string;
    invoiceId?: string;
    invoiceNumber?: string;
    amount?: string;
    currency?: string;
    /** What a resolution credited (in `currency`); absent for every other status. */
    creditedAmount?: string;
  };
  /**
   * A usage alert of the period: `percent` of an allowance (`used` of `included`, in minutes, texts or MB),
   * or for roaming, the overage amount and the limit money (`used` of `amount`, in `currency`).
   */
  usage_alert: {
    alert: UsageAlertName;
    periodStart: string;
    periodEnd: string;
    daysLeft: number;
    percent?: number;
    used: string;
    included?: string;
    amount?: string;
    currency: string;
  };
  /** A payment arrangement whose instalment of `missedDate` was not paid: what it still covered is overdue again. */
  arrangement_broken: { arrangementId: string; missedDate: string; unpaid: string; currency: string };
}

/** The portal page that shows what a notification is about: the panel's link and the email's. */
export const notificationPath = (event: NotificationEvent | (string & {}), data: unknown): string => {
  switch (event) {
    case 'invoice_posted': {
      const invoiceId = (data as Partial<NotificationEventData['invoice_posted']> | null)?.invoiceId;
      return invoiceId ? `/invoices/${encodeURIComponent(invoiceId)}` : '/invoices';
    }
    case 'dispute_status_changed': {
      const invoiceId = (data as Partial<NotificationEventData['dispute_status_changed']> | null)?.invoiceId;
      return invoiceId ? `/invoices/${encodeURIComponent(invoiceId)}` : '/invoices';
    }
    case 'usage_alert':
      return '/usage';
    case 'arrangement_broken':
      return '/';
    case 'payment_succeeded':
    case 'payment_failed':
    case 'autopay_scheduled':
    case 'card_expiring':
    case 'card_expired':
      return '/payments';
    default:
      return '/';
  }
};

/** Which events a person wants by email (Notification/preferences): every event, true when wanted. */
export const NotificationPreferencesSchema = builtOnFirstUse(() =>
  z
    .object(
      Object.fromEntries(
        NOTIFICATION_PREFERENCE_EVENTS.map((event) => [event, z.boolean({ error: `${event} must be true or false` })]),
      ) as Record<NotificationPreferenceEvent, z.ZodBoolean>,
    )
    .strict(),
);
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
