/**
 * Builds a notification email when the outbox delivers it: the person's current address, the
 * account's language, and — for a payment received — the receipt PDF, made at that moment so the
 * document itself is never stored in the outbox.
 */
import type { NotificationEvent } from '@portal/contract';
import type { PortalDb } from '../../db/client';
import { documentLanguage } from '../../lib/language';
import type { Preparer } from '../../lib/mail-outbox';
import type { MailAttachment } from '../../lib/mailer';
import { composeNotificationEmail } from './email';
import type { NotificationMailRequest } from './notify';
import { notificationMailFacts } from './repository';

/**
 * A payment's receipt as a file, in its account's language, or null when there is none (the email then
 * points to Payment History).
 */
export type ReceiptRenderer = (paymentId: bigint) => Promise<{ fileName: string; pdf: Buffer } | null>;

export interface NotificationMailDeps {
  db: PortalDb;
  origin: string;
  brand: string;
  receipt?: ReceiptRenderer;
}

const receiptAttachment = async (deps: NotificationMailDeps, data: Record<string, unknown>): Promise<MailAttachment | null> => {
  if (!deps.receipt || typeof data.paymentId !== 'string') return null;
  const file = await deps.receipt(BigInt(data.paymentId));
  return file ? { filename: file.fileName, contentType: 'application/pdf', content: file.pdf.toString('base64'), encoding: 'base64' } : null;
};

export const prepareNotificationMail =
  (deps: NotificationMailDeps): Preparer =>
  async (payload) => {
    const request = payload as NotificationMailRequest;
    const facts = await notificationMailFacts(deps.db, BigInt(request.notificationId), BigInt(request.userId));
    // The person left, was disabled or has no address any more: nothing to send.
    if (!facts || !facts.email || facts.status !== 'active') return null;
    const language = documentLanguage(facts.language);
    const event = facts.kind as NotificationEvent;
    const data = (facts.data ?? {}) as Record<string, unknown>;
    return composeNotificationEmail({
      to: facts.email,
      name: facts.name,
      customerNo: facts.customer_no,
      brand: deps.brand,
      language,
      event,
      data,
      message: facts.message,
      origin: deps.origin,
      receipt: event === 'payment_succeeded' ? await receiptAttachment(deps, data) : null,
    });
  };
