/**
 * How any module records an event for an account: the in-app notification and, in the same
 * transaction, one email per person of the account who wants that event by email (durable outbox).
 * Each event occurrence has a unique key, so a job run twice, two instances or a repeated webhook
 * record it — and email it — once.
 */
import { preferenceOfEvent, type NotificationEvent, type NotificationEventData } from '@portal/contract';
import type { Deps } from '../../http/deps';
import { documentLanguage } from '../../lib/language';
import { eventKey, notificationText } from './messages';
import { accountLanguage, emailRecipients, insertEventNotification, type NotificationRow } from './repository';

/** The outbox purpose of notification emails (their preparer builds the message at delivery). */
export const NOTIFICATION_MAIL_PURPOSE = 'notification';

/** What the outbox row holds: which notification, for whom (the message is built when it is sent). */
export interface NotificationMailRequest {
  notificationId: string;
  userId: string;
}


export interface AccountEvent<E extends NotificationEvent = NotificationEvent> {
  accountId: bigint;
  event: E;
  data: NotificationEventData[E];
  at: Date;
  /** The account's language when the caller has read it already (otherwise it is read here). */
  language?: string | null;
  /** For events whose email the account chooses (usage alerts): false sends none, true one to each person of the account. */
  email?: boolean;
}

/**
 * Records `event` for the account once; answers the new notification, or null when this occurrence
 * was already recorded (nothing is stored or queued then).
 */
/** `deps.db` is the transaction of the change that caused the event. */
export const notifyAccount = async <E extends NotificationEvent>(deps: Pick<Deps, 'db' | 'outbox'>, input: AccountEvent<E>): Promise<NotificationRow | null> => {
  const language = documentLanguage(input.language === undefined ? await accountLanguage(deps.db, input.accountId) : input.language);
  const row = await insertEventNotification(deps.db, {
    accountId: input.accountId,
    kind: input.event,
    message: notificationText(input.event, input.data, language),
    data: input.data,
    eventKey: eventKey(input.event, input.data),
    createdAt: input.at,
  });
  if (!row) return null;
  if (input.email === false) return row;
  for (const userId of await emailRecipients(deps.db, input.accountId, preferenceOfEvent(input.event))) {
    const request: NotificationMailRequest = { notificationId: String(row.id), userId: String(userId) };
    await deps.outbox.enqueueRequest(deps.db, NOTIFICATION_MAIL_PURPOSE, request, input.at);
  }
  return row;
};
