/** A notification's email in the account's language: plain text and simple HTML, with a link into the portal. Pure. */
import { notificationPath, type NotificationEvent } from '@portal/contract';
import { pageInLanguage, type DocumentLanguage, type Texts } from '../../lib/language';
import type { MailAttachment, MailMessage } from '../../lib/mailer';
import { EVENT_TITLES } from './messages';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface EmailTexts {
  hello: (name: string) => string;
  account: (customerNo: string) => string;
  open: Record<NotificationEvent, string>;
  receiptAttached: string;
  receiptInHistory: string;
  /** The invoice email of an account that chose its bills with the PDF attached (docs/decisions/0037-a-bill-that-explains-itself.md). */
  invoiceAttached: string;
  why: string;
  choose: string;
  /** Usage alerts are chosen per account on the Usage screen. */
  chooseUsageAlerts: string;
}

const EMAIL_TEXTS: Texts<EmailTexts> = {
  en: {
    hello: (name) => `Hello ${name},`,
    account: (customerNo) => `Account ${customerNo}`,
    open: {
      invoice_posted: 'View the invoice',
      payment_succeeded: 'View Payment History',
      payment_failed: 'Make a payment',
      autopay_scheduled: 'View Payment History',
      card_expiring: 'Manage your cards',
      card_expired: 'Manage your cards',
      dispute_status_changed: 'View the invoice',
      usage_alert: 'View your usage',
      arrangement_broken: 'Make a payment',
    },
    receiptAttached: 'Your receipt is attached (PDF).',
    receiptInHistory: 'Your receipt is in Payment History.',
    invoiceAttached: 'Your invoice is attached (PDF).',
    why: 'You receive this email because you chose to be told about this by email.',
    choose: 'Choose which emails you receive on Account Information:',
    chooseUsageAlerts: 'Choose your usage alerts on the Usage screen:',
  },
  fr: {
    hello: (name) => `Bonjour ${name},`,
    account: (customerNo) => `Compte ${customerNo}`,
    open: {
      invoice_posted: 'Voir la facture',
      payment_succeeded: 'Voir l’historique des paiements',
      payment_failed: 'Effectuer un paiement',
      autopay_scheduled: 'Voir l’historique des paiements',
      card_expiring: 'Gérer vos cartes',
      card_expired: 'Gérer vos cartes',
      dispute_status_changed: 'Voir la facture',
      usage_alert: 'Voir votre consommation',
      arrangement_broken: 'Effectuer un paiement',
    },
    receiptAttached: 'Votre reçu est joint (PDF).',
    receiptInHistory: 'Votre reçu se trouve dans l’historique des paiements.',
    invoiceAttached: 'Votre facture est jointe (PDF).',
    why: 'Vous recevez ce courriel parce que vous avez choisi d’en être informé par courriel.',
    choose: 'Choisissez les courriels que vous recevez dans Renseignements du compte :',
    chooseUsageAlerts: 'Choisissez vos alertes de consommation à l’écran Consommation :',
  },
};

export interface NotificationEmailInput {
  to: string;
  name: string;
  customerNo: string;
  brand: string;
  language: DocumentLanguage;
  event: NotificationEvent;
  data: Record<string, unknown>;
  /** The notification's sentence, already in `language`. */
  message: string;
  /** The portal's origin (links). */
  origin: string;
  /** The payment's receipt, on "payment received" when it could be made. */
  receipt?: MailAttachment | null;
  /** The invoice's PDF, on "invoice ready" when the account chose its bills by email with the PDF. */
  invoice?: MailAttachment | null;
}

export const composeNotificationEmail = (input: NotificationEmailInput): MailMessage => {
  const t = EMAIL_TEXTS[input.language];
  const link = pageInLanguage(input.origin, notificationPath(input.event, input.data), input.language);
  const usageAlert = input.event === 'usage_alert';
  const preferences = pageInLanguage(input.origin, usageAlert ? '/usage' : '/profile', input.language);
  const choose = usageAlert ? t.chooseUsageAlerts : t.choose;
  const receiptLine =
    input.event === 'payment_succeeded'
      ? input.receipt
        ? t.receiptAttached
        : t.receiptInHistory
      : input.event === 'invoice_posted' && input.invoice
        ? t.invoiceAttached
        : null;
  const text = [
    t.hello(input.name),
    '',
    t.account(input.customerNo),
    input.message,
    ...(receiptLine ? [receiptLine] : []),
    '',
    `${t.open[input.event]}: ${link}`,
    '',
    t.why,
    `${choose} ${preferences}`,
    '',
    `— ${input.brand}`,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">`,
    `<p>${escapeHtml(t.hello(input.name))}</p>`,
    `<p><strong>${escapeHtml(t.account(input.customerNo))}</strong><br>${escapeHtml(input.message)}</p>`,
    ...(receiptLine ? [`<p>${escapeHtml(receiptLine)}</p>`] : []),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(t.open[input.event])}</a></p>`,
    `<p style="font-size:13px;color:#4b5563">${escapeHtml(t.why)}<br><a href="${escapeHtml(preferences)}">${escapeHtml(choose.replace(/\s*:$/, ''))}</a></p>`,
    `<p>— ${escapeHtml(input.brand)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: input.to,
    subject: `${input.brand}${input.language === 'fr' ? ' : ' : ': '}${EVENT_TITLES[input.language][input.event]}`,
    text,
    html,
    ...(input.receipt ? { attachments: [input.receipt] } : input.invoice ? { attachments: [input.invoice] } : {}),
  };
};
