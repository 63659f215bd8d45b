/**
 * Builds a notification email when the outbox delivers it: the person's current address, the
 * account's language, and — for a payment received — the receipt PDF, made at that moment so the
 * document itself is never stored in the outbox.
 */
import type { BillDelivery, NotificationEvent } from '@portal/contract';
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

const asAttachment = (file: { fileName: string; pdf: Buffer }): MailAttachment => ({
  filename: file.fileName,
  contentType: 'application/pdf',
  content: file.pdf.toString('base64'),
  encoding: 'base64',
});

const receiptAttachment = async (receipt: ReceiptRenderer | undefined, data: Record<string, unknown>): Promise<MailAttachment | null> => {
  if (!receipt || typeof data.paymentId !== 'string') return null;
  const file = await receipt(BigInt(data.paymentId));
  return file ? asAttachment(file) : null;
};

/**
 * How an invoice's "ready" email goes, as its account chose (docs/decisions/0037-a-bill-that-explains-itself.md):
 * not at all for paper bills, with the PDF attached, or with the link alone; null when the invoice is gone.
 */
export type InvoiceMailer = (invoiceId: bigint) => Promise<{ delivery: BillDelivery; file: { fileName: string; pdf: Buffer } | null } | null>;

/** `receipt` renders a payment's receipt and `invoice` an invoice's PDF (those modules notify, so they are handed over rather than imported). */
export const prepareNotificationMail =
  (deps: Pick<Deps, 'db' | 'config'>, receipt?: ReceiptRenderer, invoice?: InvoiceMailer): Preparer =>
  async (payload) => {
    const request = payload as NotificationMailRequest;
    const facts = await notificationMailFacts(deps.db, BigInt(request.notificationId), BigInt(request.userId));
    // The person left, was disabled or has no address any more: nothing to send.
    if (!facts || !facts.email || facts.status !== 'active') return null;
    const language = documentLanguage(facts.language);
    const event = facts.kind as NotificationEvent;
    const data = (facts.data ?? {}) as Record<string, unknown>;
    const bill = event === 'invoice_posted' && invoice && typeof data.invoiceId === 'string' ? await invoice(BigInt(data.invoiceId)) : null;
    // Paper by post: the notice stays in the portal, no email goes.
    if (bill?.delivery === 'paper') return null;
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
      invoice: bill?.file ? asAttachment(bill.file) : null,
    });
  };
