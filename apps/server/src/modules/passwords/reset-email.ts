import { BRAND_CODE } from '@portal/contract';
import { BRAND } from '../../lib/brand';
import type { DocumentLanguage, Texts } from '../../lib/language';
import type { MailMessage } from '../../lib/mailer';

/**
 * Display names of the brand codes the web app sends. Only known codes reach an email: the code is
 * caller input, and free text in our own subject line would be a phishing aid.
 */
export const BRANDS: Readonly<Record<string, string>> = { [BRAND_CODE]: BRAND.name };

export const brandName = (code: string): string => BRANDS[code.trim().toLowerCase()] ?? BRANDS[BRAND_CODE]!;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ResetEmailInput {
  to: string;
  name: string;
  username: string;
  link: string;
  brand: string;
  ttlMinutes: number;
  /** The person's language (their account's); English when they have none. */
  language?: DocumentLanguage;
}

interface ResetTexts {
  subject: (brand: string) => string;
  hello: (name: string) => string;
  /** The request sentence around the brand and the username (the username is bold in HTML). */
  request: (brand: string, username: string) => string;
  choose: string;
  button: string;
  expiry: (minutes: number) => string;
  ignore: string;
}

const RESET_TEXTS: Texts<ResetTexts> = {
  en: {
    subject: (brand) => `${brand}: reset your password`,
    hello: (name) => `Hello ${name},`,
    request: (brand, username) => `We received a request to reset the password of your ${brand} account (username: ${username}).`,
    choose: 'Choose a new password here:',
    button: 'Reset your password',
    expiry: (minutes) => `The link works once and expires in ${minutes} minutes.`,
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
  fr: {
    subject: (brand) => `${brand} : réinitialisez votre mot de passe`,
    hello: (name) => `Bonjour ${name},`,
    request: (brand, username) =>
      `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${brand} (nom d’utilisateur : ${username}).`,
    choose: 'Choisissez un nouveau mot de passe ici :',
    button: 'Réinitialiser votre mot de passe',
    expiry: (minutes) => `Le lien ne fonctionne qu’une fois et expire dans ${minutes} minutes.`,
    ignore: 'Si vous n’avez pas fait cette demande, ignorez ce courriel : votre mot de passe reste le même.',
  },
};

/** The password-reset email in the person's language, plain text and simple HTML (pure). */
export const composeResetEmail = (input: ResetEmailInput): MailMessage => {
  const brand = brandName(input.brand);
  const t = RESET_TEXTS[input.language ?? 'en'];
  const expiry = t.expiry(input.ttlMinutes);
  const text = [t.hello(input.name), '', t.request(brand, input.username), '', t.choose, input.link, '', expiry, t.ignore, '', `— ${brand}`].join('\n');
  // The username is bold in HTML: the sentence is built from escaped parts with a marker for it.
  const marker = '\u0000';
  const [before, after] = escapeHtml(t.request(brand, marker)).split(marker) as [string, string];
  const html = [
    `<!doctype html><html lang="${input.language ?? 'en'}"><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">`,
    `<p>${escapeHtml(t.hello(input.name))}</p>`,
    `<p>${before}<strong>${escapeHtml(input.username)}</strong>${after}</p>`,
    `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(t.button)}</a></p>`,
    `<p>${escapeHtml(expiry)}<br>${escapeHtml(t.ignore)}</p>`,
    `<p>— ${escapeHtml(brand)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: t.subject(brand), text, html };
};
