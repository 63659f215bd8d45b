/**
 * The Webhooks screen's rules: what a typed endpoint lacks, how a delivery's outcome and answer are worded,
 * which deliveries a filter shows, and what a replay of a time range may ask. The server decides (it refuses
 * http:// and private addresses in production); these keep the screen from sending what cannot pass.
 */
import type { BadgeTone } from '@/components/ui/badge';

/** The longest description the form lets through (the server's limit). */
export const DESCRIPTION_MAX = 200;

export type EndpointFormError = 'urlRequired' | 'urlInvalid' | 'urlWithCredentials' | 'eventsRequired' | 'descriptionTooLong';

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
    : !parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !parsed.hostname
      ? 'urlInvalid'
      : parsed.username || parsed.password
        ? 'urlWithCredentials'
        : undefined;
  return {
    ...(urlError ? { url: urlError } : {}),
    ...(form.events.length === 0 ? { events: 'eventsRequired' as const } : {}),
    ...(form.description.trim().length > DESCRIPTION_MAX ? { description: 'descriptionTooLong' as const } : {}),
  };
};

/** What happened to a delivery, as the screen words it. */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'pending' | 'failed';

/**
 * A delivery's outcome: answered 2xx; not yet sent; failed with another attempt planned; or failed for good
 * (no retry left, or its endpoint disabled).
 */
export const deliveryOutcome = (delivery: { statusCode: number | null; attemptedAt: string | null; nextAttemptAt: string | null }): DeliveryOutcome => {
  if (delivery.statusCode !== null && delivery.statusCode >= 200 && delivery.statusCode < 300) return 'delivered';
  if (delivery.attemptedAt === null) return 'pending';
  return delivery.nextAttemptAt === null ? 'failed' : 'retrying';
};

export const OUTCOME_TONE: Record<DeliveryOutcome, BadgeTone> = { delivered: 'success', retrying: 'warning', pending: 'neutral', failed: 'danger' };

/** The status code column: the code, or why there is none (not sent yet, or no answer within the timeout). */
export const statusCodeText = (
  delivery: { statusCode: number | null; attemptedAt: string | null },
  texts: { notSent: string; noAnswer: string },
): string => (delivery.statusCode !== null ? String(delivery.statusCode) : delivery.attemptedAt === null ? texts.notSent : texts.noAnswer);

/** A duration in milliseconds as people read it: "850 ms", "1.2 s", "10 s" (SI symbols, the language's digits). */
export const durationText = (milliseconds: number, language: 'en' | 'fr'): string => {
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const rounded = Math.round(milliseconds);
  if (rounded < 1000) return `${new Intl.NumberFormat(locale).format(rounded)}\u00a0ms`;
  const seconds = new Intl.NumberFormat(locale, { maximumFractionDigits: rounded < 9950 ? 1 : 0 }).format(rounded / 1000);
  return `${seconds}\u00a0s`;
};

/** The filters of the deliveries list: an outcome, an event type, or all of them (''). */
export interface DeliveryFilter {
  outcome: DeliveryOutcome | '';
  eventType: string;
}
export const NO_DELIVERY_FILTER: DeliveryFilter = { outcome: '', eventType: '' };

/** Whether `filter` shows `delivery`. */
export const deliveryShown = (
  filter: DeliveryFilter,
  delivery: { eventType: string; statusCode: number | null; attemptedAt: string | null; nextAttemptAt: string | null },
): boolean => (filter.outcome === '' || deliveryOutcome(delivery) === filter.outcome) && (filter.eventType === '' || delivery.eventType === filter.eventType);

export type ReplayRangeError = 'fromRequired' | 'toRequired' | 'toBeforeFrom' | 'fromInFuture';

/**
 * A replay of every failed delivery between `from` and `to` (the `datetime-local` values of the form, in the
 * browser's time zone): both given, in order, and not starting in the future. Answers the range as instants.
 */
export const replayRange = (
  form: { from: string; to: string },
  now: Date,
): { errors: Partial<Record<'from' | 'to', ReplayRangeError>>; range: { from: string; to: string } | null } => {
  const from = form.from ? new Date(form.from) : null;
  const to = form.to ? new Date(form.to) : null;
  const errors: Partial<Record<'from' | 'to', ReplayRangeError>> = {};
  if (!from || Number.isNaN(from.getTime())) errors.from = 'fromRequired';
  else if (from > now) errors.from = 'fromInFuture';
  if (!to || Number.isNaN(to.getTime())) errors.to = 'toRequired';
  else if (from && to < from) errors.to = 'toBeforeFrom';
  return { errors, range: errors.from || errors.to || !from || !to ? null : { from: from.toISOString(), to: to.toISOString() } };
};

/** A `datetime-local` value (the browser's time zone, to the minute) of an instant: what the replay form starts from. */
export const localDateTimeValue = (instant: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
};
