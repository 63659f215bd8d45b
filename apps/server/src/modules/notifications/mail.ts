/**
 * Builds a notification email when the outbox delivers it: the person's current address, the
 * account's language, and — for a payment received — the receipt PDF, made at that moment so the
 * document itself is never stored in the outbox.
 */
import type { NotificationEvent } from '@portal/contract';
import type { Deps } from '../../http/deps';
import { BRAND } from '../../lib/brand';
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

const receiptAttachment = async (receipt: ReceiptRenderer | undefined, data: Record<string, unknown>): Promise<MailAttachment | null> => {
  if (!receipt || typeof data.paymentId !== 'string') return null;
  const file = await receipt(BigInt(data.paymentId));
  return file ? { filename: file.fileName, contentType: 'application/pdf', content: file.pdf.toString('base64'), encoding: 'base64' } : null;
};

/** `receipt` renders a payment's receipt (payments notifies, so it is handed over rather than imported). */
export const prepareNotificationMail =
  (deps: Pick<Deps, 'db' | 'config'>, receipt?: ReceiptRenderer): Preparer =>
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
      brand: BRAND.name,
      language,
      event,
      data,
      message: facts.message,
      origin: deps.config.PUBLIC_ORIGIN,
      receipt: event === 'payment_succeeded' ? await receiptAttachment(receipt, data) : null,
    });
  };
