/**
 * The Webhooks screen's rules: what a typed endpoint lacks, how a delivery's state and answer are worded, the
 * query a choice of filters asks, and what a replay of a time range may ask. The server decides (it refuses
 * http:// and private addresses in production); these keep the screen from sending what cannot pass.
 */
import {
  EVENT_TYPES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  type EventType,
  type WebhookAttempt,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@portal/contract';
import type { BadgeTone } from '@/components/ui/badge';

export type EndpointFormError =
  'urlRequired' | 'urlInvalid' | 'urlTooLong' | 'urlWithCredentials' | 'eventsRequired' | 'descriptionTooLong';

/**
 * The form's problems by field. An endpoint is an absolute http(s) address without a user name or password (a
 * secret in a URL ends up in logs); whether http:// is allowed is the server's to say (only outside production).
 */
export const endpointFormErrors = (form: {
  url: string;
  events: readonly string[];
  description: string;
}): Partial<Record<'url' | 'events' | 'description', EndpointFormError>> => {
  const url = form.url.trim();
  const parsed = URL.canParse(url) ? new URL(url) : null;
  const urlError: EndpointFormError | undefined = !url
    ? 'urlRequired'
    : url.length > WEBHOOK_URL_MAX
      ? 'urlTooLong'
      : !parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !parsed.hostname
        ? 'urlInvalid'
        : parsed.username || parsed.password
          ? 'urlWithCredentials'
          : undefined;
  return {
    ...(urlError ? { url: urlError } : {}),
    ...(form.events.length === 0 ? { events: 'eventsRequired' as const } : {}),
    ...(form.description.trim().length > WEBHOOK_DESCRIPTION_MAX ? { description: 'descriptionTooLong' as const } : {}),
  };
};

/** An endpoint's event types as the list words them: every type, or each one (in the order of EVENT_TYPES). */
export const eventsShown = (events: readonly EventType[]): 'all' | EventType[] =>
  EVENT_TYPES.every((type) => events.includes(type)) ? 'all' : EVENT_TYPES.filter((type) => events.includes(type));

export const DELIVERY_STATUS_TONE: Record<WebhookDeliveryStatus, BadgeTone> = {
  succeeded: 'success',
  retrying: 'warning',
  pending: 'neutral',
  failed: 'danger',
};

/** Why a delivery shows no status code: not tried yet, no answer within 10 s, no connection, or its address refused. */
export type NoStatusCode = 'notSent' | 'timeout' | 'noConnection' | 'refused';

/** The status code of an attempt: the receiver's, or why there is none. */
export const attemptCodeOf = (attempt: Pick<WebhookAttempt, 'statusCode' | 'outcome'>): number | NoStatusCode =>
  attempt.statusCode ?? (attempt.outcome === 'timeout' ? 'timeout' : attempt.outcome === 'refused' ? 'refused' : 'noConnection');

/** The status code column of a delivery: its latest attempt's, or "not sent yet". */
export const statusCodeOf = (
  delivery: Pick<WebhookDelivery, 'lastStatusCode' | 'lastOutcome' | 'lastAttemptAt'>,
): number | NoStatusCode =>
  delivery.lastAttemptAt === null || delivery.lastOutcome === null
    ? 'notSent'
    : attemptCodeOf({ statusCode: delivery.lastStatusCode, outcome: delivery.lastOutcome });

/** A duration in milliseconds as people read it: "850 ms", "1.2 s", "10 s" (SI symbols, the language's digits). */
export const durationText = (milliseconds: number, language: 'en' | 'fr'): string => {
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const rounded = Math.round(milliseconds);
  if (rounded < 1000) return `${new Intl.NumberFormat(locale).format(rounded)}\u00a0ms`;
  const seconds = new Intl.NumberFormat(locale, { maximumFractionDigits: rounded < 9950 ? 1 : 0 }).format(rounded / 1000);
  return `${seconds}\u00a0s`;
};

/** The filters of the deliveries list; '' is "any". `from`/`to` are `datetime-local` values (the browser's time zone). */
export interface DeliveryFilter {
  outcome: '' | NonNullable<WebhookDeliveriesQuery['outcome']>;
  eventType: '' | WebhookEventType;
  from: string;
  to: string;
}
export const NO_DELIVERY_FILTER: DeliveryFilter = { outcome: '', eventType: '', from: '', to: '' };

/** A `datetime-local` value as an instant, or null when empty or not a date. */
const instantOf = (value: string): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export type PeriodError = 'fromRequired' | 'toRequired' | 'toBeforeFrom' | 'fromInFuture' | 'dateInvalid';

/**
 * The query of the deliveries list for `filter`: only the filters chosen (`failed` asks for retrying and given-up
 * deliveries alike, as the server reads it), the period as instants; or what is wrong with the period.
 */
export const deliveriesQueryOf = (
  filter: DeliveryFilter,
): { query: Omit<WebhookDeliveriesQuery, 'before' | 'take'>; errors: Partial<Record<'from' | 'to', PeriodError>> } => {
  const from = instantOf(filter.from);
  const to = instantOf(filter.to);
  const errors: Partial<Record<'from' | 'to', PeriodError>> = {
    ...(filter.from && !from ? { from: 'dateInvalid' as const } : {}),
    ...(filter.to && !to ? { to: 'dateInvalid' as const } : from && to && to < from ? { to: 'toBeforeFrom' as const } : {}),
  };
  return {
    query: {
      ...(filter.outcome ? { outcome: filter.outcome } : {}),
      ...(filter.eventType ? { eventType: filter.eventType } : {}),
      ...(from && !errors.from ? { from: from.toISOString() } : {}),
      ...(to && !errors.to ? { to: to.toISOString() } : {}),
    },
    errors,
  };
};

/**
 * A replay of every failed delivery created between `from` and `to` (`datetime-local` values): both given, in
 * order, and not starting in the future. Answers the period as instants (to the end of the last minute), or what
 * is wrong with it.
 */
export const replayPeriod = (
  form: { from: string; to: string },
  now: Date,
): { errors: Partial<Record<'from' | 'to', PeriodError>>; period: { from: string; to: string } | null } => {
  const from = instantOf(form.from);
  const to = instantOf(form.to);
  const errors: Partial<Record<'from' | 'to', PeriodError>> = {};
  if (!from) errors.from = 'fromRequired';
  else if (from > now) errors.from = 'fromInFuture';
  if (!to) errors.to = 'toRequired';
  else if (from && to < from) errors.to = 'toBeforeFrom';
  if (errors.from || errors.to || !from || !to) return { errors, period: null };
  // The form is to the minute: "to 15:42" includes what was created at 15:42:30.
  const endOfMinute = new Date(Math.floor(to.getTime() / 60_000) * 60_000 + 59_999);
  return { errors, period: { from: from.toISOString(), to: endOfMinute.toISOString() } };
};

/** A `datetime-local` value (the browser's time zone, to the minute) of an instant: where the replay form starts. */
export const localDateTimeValue = (instant: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
};
