import { BRAND } from '../../lib/brand';
import { deviceName } from '../../lib/device-name';
import { pageInLanguage, type DocumentLanguage, type Texts } from '../../lib/language';
import type { MailMessage } from '../../lib/mailer';

/** A change to how a person signs in, each of which they are told about by email. */
export type SecurityChange =
  | 'password_changed'
  | 'password_reset'
  | 'two_factor_on'
  | 'two_factor_off'
  | 'two_factor_reset_by_support'
  | 'recovery_codes_regenerated'
  | 'passkey_added'
  | 'passkey_removed'
  | 'sessions_ended';

export interface SecurityEmailInput {
  to: string;
  name: string;
  change: SecurityChange;
  at: Date;
  /** The device and address the change came from; absent when support made it. */
  origin: { userAgent: string | null; address: string } | null;
  /** The passkey added or removed. */
  passkeyName?: string | null;
  /** The portal's origin, for the links to act on. */
  publicOrigin: string;
  language: DocumentLanguage;
}

interface SecurityTexts {
  subject: (brand: string) => string;
  hello: (name: string) => string;
  what: Record<SecurityChange, (passkey: string) => string>;
  when: (at: string) => string;
  from: (device: string, address: string) => string;
  bySupport: string;
  ifYou: string;
  ifNot: string;
  resetLink: string;
  securityLink: string;
  contact: (email: string, phone: string) => string;
  linkLine: (label: string, url: string) => string;
}

const TEXTS: Texts<SecurityTexts> = {
  en: {
    subject: (brand) => `${brand}: a change to how you sign in`,
    hello: (name) => `Hello ${name},`,
    what: {
      password_changed: () => 'Your password was changed.',
      password_reset: () => 'Your password was reset with a link from a reset email.',
      two_factor_on: () => 'Two-factor sign-in was turned on: signing in now also asks for a code from an authenticator app.',
      two_factor_off: () => 'Two-factor sign-in was turned off: your password alone now signs you in.',
      two_factor_reset_by_support: () => 'Support turned off two-factor sign-in for you: your password alone now signs you in.',
      recovery_codes_regenerated: () => 'New two-factor recovery codes were made; the old ones no longer work.',
      passkey_added: (passkey) => `A passkey was added: “${passkey}”. It signs you in without your password.`,
      passkey_removed: (passkey) => `A passkey was removed: “${passkey}”. It no longer signs you in.`,
      sessions_ended: () => 'You were signed out on every other device.',
    },
    when: (at) => `When: ${at}`,
    from: (device, address) => `From: ${device}, address ${address}`,
    bySupport: 'By: our support team',
    ifYou: 'If this was you, there is nothing more to do.',
    ifNot:
      'If this was not you, someone may have your password or a signed-in device: reset your password now, then check your passkeys, two-factor sign-in and signed-in devices.',
    resetLink: 'Reset your password',
    securityLink: 'Review your security settings',
    contact: (email, phone) => `Questions? Contact us at ${email} or ${phone}. We never ask for your password or codes.`,
    linkLine: (label, url) => `${label}: ${url}`,
  },
  fr: {
    subject: (brand) => `${brand} : un changement dans votre façon de vous connecter`,
    hello: (name) => `Bonjour ${name},`,
    what: {
      password_changed: () => 'Votre mot de passe a été changé.',
      password_reset: () => 'Votre mot de passe a été réinitialisé avec le lien d’un courriel de réinitialisation.',
      two_factor_on: () =>
        'La connexion en deux étapes a été activée : la connexion demande désormais aussi un code d’une application d’authentification.',
      two_factor_off: () => 'La connexion en deux étapes a été désactivée : votre mot de passe suffit désormais pour vous connecter.',
      two_factor_reset_by_support: () =>
        'Le soutien a désactivé votre connexion en deux étapes : votre mot de passe suffit désormais pour vous connecter.',
      recovery_codes_regenerated: () => 'De nouveaux codes de récupération ont été créés; les anciens ne fonctionnent plus.',
      passkey_added: (passkey) => `Une clé d’accès a été ajoutée : « ${passkey} ». Elle vous connecte sans votre mot de passe.`,
      passkey_removed: (passkey) => `Une clé d’accès a été retirée : « ${passkey} ». Elle ne vous connecte plus.`,
      sessions_ended: () => 'Vous avez été déconnecté de tous les autres appareils.',
    },
    when: (at) => `Quand : ${at}`,
    from: (device, address) => `D’où : ${device}, adresse ${address}`,
    bySupport: 'Par : notre équipe de soutien',
    ifYou: 'Si c’était vous, vous n’avez rien d’autre à faire.',
    ifNot:
      'Si ce n’était pas vous, quelqu’un a peut-être votre mot de passe ou un appareil connecté : réinitialisez votre mot de passe maintenant, puis vérifiez vos clés d’accès, la connexion en deux étapes et vos appareils connectés.',
    resetLink: 'Réinitialiser votre mot de passe',
    securityLink: 'Vérifier vos paramètres de sécurité',
    contact: (email, phone) => `Des questions? Écrivez-nous à ${email} ou appelez le ${phone}. Nous ne demandons jamais votre mot de passe ni vos codes.`,
    linkLine: (label, url) => `${label} : ${url}`,
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The moment in the person's language; in UTC, since the server does not know their time zone. */
const momentText = (at: Date, language: DocumentLanguage) =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at) + ' UTC';

/**
 * The security email of one change, plain text and simple HTML (pure). It names what changed, when and from
 * where, and what to do if it was not the person; it carries no secret, code or token, only links to pages.
 */
export const composeSecurityEmail = (input: SecurityEmailInput): MailMessage => {
  const t = TEXTS[input.language];
  const what = t.what[input.change](input.passkeyName ?? '');
  const when = t.when(momentText(input.at, input.language));
  const from = input.origin ? t.from(deviceName(input.origin.userAgent, input.language), input.origin.address) : t.bySupport;
  const resetUrl = pageInLanguage(input.publicOrigin, '/forgot-password', input.language);
  const securityUrl = pageInLanguage(input.publicOrigin, '/security', input.language);
  const contact = t.contact(BRAND.supportEmail, BRAND.supportPhone);
  const text = [
    t.hello(input.name),
    '',
    what,
    when,
    from,
    '',
    t.ifYou,
    t.ifNot,
    t.linkLine(t.resetLink, resetUrl),
    t.linkLine(t.securityLink, securityUrl),
    '',
    contact,
    '',
    `— ${BRAND.name}`,
  ].join('\n');
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">`,
    `<p>${escapeHtml(t.hello(input.name))}</p>`,
    `<p><strong>${escapeHtml(what)}</strong></p>`,
    `<p>${escapeHtml(when)}<br>${escapeHtml(from)}</p>`,
    `<p>${escapeHtml(t.ifYou)}<br>${escapeHtml(t.ifNot)}</p>`,
    `<p>${link(resetUrl, t.resetLink)}<br>${link(securityUrl, t.securityLink)}</p>`,
    `<p>${escapeHtml(contact)}</p>`,
    `<p>— ${escapeHtml(BRAND.name)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: t.subject(BRAND.name), text, html };
};
