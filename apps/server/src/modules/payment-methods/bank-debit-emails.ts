/**
 * The emails of bank debit (docs/decisions/0035-bank-debit.md), pure, in the account's language
 * (docs/decisions/0014-languages-of-what-customers-receive.md): the confirmation of an accepted agreement, with
 * its text, and the notice of a debit's amount and date before it is taken.
 */
import { agreementParagraphs, BANK_DEBIT_AGREEMENTS, type BankDebitScheme } from '@portal/contract';
import type { DocumentLanguage } from '../../lib/language';
import type { MailMessage } from '../../lib/mailer';
import { formatAmount, formatDay } from '../notifications';

export const AGREEMENT_CONFIRMATION_PURPOSE = 'bank-debit-agreement';
export const DEBIT_NOTICE_PURPOSE = 'bank-debit-notice';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXTS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    confirmSubject: (title: string) => `your ${title.toLowerCase()} is confirmed`,
    confirmed: (bank: string, last4: string, customerNo: string) =>
      `You accepted the agreement below for the bank account ${bank} ending in ${last4}, on account ${customerNo}.`,
    record: (version: string, at: string, address: string) => `Version ${version}, accepted ${at}, for ${address}.`,
    noticeSubject: 'a bank debit is coming',
    notice: (amount: string, day: string, bank: string, last4: string) => `${amount} will be debited from your bank account ${bank} ending in ${last4} on ${day}.`,
    why: 'Your bank debit agreement says you are told the amount and date of each debit before it is taken.',
  },
  fr: {
    hello: (name: string) => `Bonjour ${name},`,
    confirmSubject: (title: string) => `confirmation de votre ${title.charAt(0).toLowerCase()}${title.slice(1)}`,
    confirmed: (bank: string, last4: string, customerNo: string) =>
      `Vous avez accepté l’accord ci-dessous pour le compte bancaire ${bank} se terminant par ${last4}, au compte ${customerNo}.`,
    record: (version: string, at: string, address: string) => `Version ${version}, acceptée le ${at}, pour ${address}.`,
    noticeSubject: 'un prélèvement bancaire approche',
    notice: (amount: string, day: string, bank: string, last4: string) => `${amount} sera prélevé de votre compte bancaire ${bank} se terminant par ${last4} le ${day}.`,
    why: 'Votre accord de prélèvement bancaire prévoit que le montant et la date de chaque prélèvement vous sont indiqués avant qu’il soit effectué.',
  },
} as const;

const subjectOf = (brand: string, language: DocumentLanguage, subject: string) => `${brand}${language === 'fr' ? ' : ' : ': '}${subject}`;

const message = (to: string, subject: string, language: DocumentLanguage, brand: string, paragraphs: string[]): MailMessage => ({
  to,
  subject,
  text: [...paragraphs.flatMap((p) => [p, '']), `— ${brand}`].join('\n'),
  html: `<!doctype html><html lang="${language}"><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}<p>— ${escapeHtml(brand)}</p></body></html>`,
});

export interface AgreementConfirmationInput {
  to: string;
  name: string;
  brand: string;
  language: DocumentLanguage;
  scheme: BankDebitScheme;
  version: string;
  customerNo: string;
  bankName: string;
  last4: string;
  acceptedAt: Date;
  billingAddress: string;
}

/** The accepted agreement's text in the account's language, with what was recorded of the acceptance. */
export const composeAgreementConfirmation = (input: AgreementConfirmationInput): MailMessage => {
  const t = TEXTS[input.language];
  const agreement = BANK_DEBIT_AGREEMENTS[input.scheme][input.language];
  return message(input.to, subjectOf(input.brand, input.language, t.confirmSubject(agreement.title)), input.language, input.brand, [
    t.hello(input.name),
    t.confirmed(input.bankName, input.last4, input.customerNo),
    agreement.title,
    ...agreementParagraphs(agreement, input.brand),
    t.record(input.version, input.acceptedAt.toISOString(), input.billingAddress),
  ]);
};

export interface DebitNoticeInput {
  to: string;
  name: string;
  brand: string;
  language: DocumentLanguage;
  amount: string;
  currency: string;
  /** The calendar day the debit is taken (YYYY-MM-DD). */
  day: string;
  bankName: string;
  last4: string;
}

/** The amount and date of a debit, before it is taken. */
export const composeDebitNotice = (input: DebitNoticeInput): MailMessage => {
  const t = TEXTS[input.language];
  return message(input.to, subjectOf(input.brand, input.language, t.noticeSubject), input.language, input.brand, [
    t.hello(input.name),
    t.notice(formatAmount(input.amount, input.currency, input.language), formatDay(input.day, input.language), input.bankName, input.last4),
    t.why,
  ]);
};
