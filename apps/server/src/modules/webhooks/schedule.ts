/**
 * When a failed delivery is tried again (pure): about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h after each failure,
 * then every 10 h, each with ±10 % jitter so receivers that failed together are not retried together, for
 * 3 days from the round's start (the event, or a replay): the last try falls on the 3-day mark, so an endpoint
 * whose receiver is down that long has failed for 3 days (and is disabled), then the delivery is given up.
 */
import { WEBHOOK_GIVE_UP_DAYS } from '@portal/contract';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The delay after the n-th failure of a round (index n - 1); the last one repeats. */
export const WEBHOOK_RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR] as const;
export const WEBHOOK_GIVE_UP_MS = WEBHOOK_GIVE_UP_DAYS * 24 * HOUR;
/** The share of a delay the jitter may add or take away. */
export const WEBHOOK_JITTER = 0.1;

/** The delay after `failures` failed attempts of a round, before jitter. */
export const webhookRetryDelayMs = (failures: number): number => WEBHOOK_RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1]!;

/**
 * The next attempt after the `failures`-th failure at `now`, or null when the round is over (a failure at or
 * past its 3-day mark). `random` is in [0, 1): 0.5 adds no jitter.
 */
export const nextWebhookAttemptAt = (roundStartedAt: Date, failures: number, now: Date, random: number): Date | null => {
  const end = roundStartedAt.getTime() + WEBHOOK_GIVE_UP_MS;
  if (now.getTime() >= end) return null;
  const delay = webhookRetryDelayMs(failures) * (1 + WEBHOOK_JITTER * (2 * random - 1));
  return new Date(Math.min(end, now.getTime() + Math.round(delay)));
};
