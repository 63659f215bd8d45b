import type { DocumentLanguage, Texts } from '../../lib/language';
import type { MailMessage } from '../../lib/mailer';

/** What an invitation email says: `invited` carries a set-password link, `added` tells a person who already signs in. */
export type InvitationEmailInput = {
  to: string;
  name: string;
  accountName: string;
  brand: string;
  language: DocumentLanguage;
  /** The sign-in page, in the email's language. */
  loginLink: string;
} & (
  | {
      kind: 'invited';
      setPasswordLink: string;
      ttlDays: number;
      /** The single sign-on provider's name when it is set up: the person may sign in with it instead. */
      singleSignOn: string | null;
    }
  | { kind: 'added' }
);

interface InvitationTexts {
  invitedSubject: (brand: string) => string;
  addedSubject: (brand: string, account: string) => string;
  hello: (name: string) => string;
  invited: (brand: string, account: string) => string;
  added: (brand: string, account: string) => string;
  username: (email: string) => string;
  choose: string;
  button: string;
  singleSignOn: (provider: string) => string;
  expiry: (days: number) => string;
  signIn: string;
  signInButton: string;
}

const TEXTS: Texts<InvitationTexts> = {
  en: {
    invitedSubject: (brand) => `${brand}: set your password`,
    addedSubject: (brand, account) => `${brand}: you now reach the account ${account}`,
    hello: (name) => `Hello ${name},`,
    invited: (brand, account) => `You have been invited to the account ${account} on the ${brand} billing portal.`,
    added: (brand, account) => `You now reach the account ${account} on the ${brand} billing portal.`,
    username: (email) => `You sign in with your email address, ${email}.`,
    choose: 'Set your password here:',
    button: 'Set your password',
    singleSignOn: (provider) => `Or sign in with ${provider}, with this email address:`,
    expiry: (days) => `The link works once and expires in ${days} days.`,
    signIn: 'Sign in as usual to see it:',
    signInButton: 'Sign in',
  },
  fr: {
    invitedSubject: (brand) => `${brand}\u202f: choisissez votre mot de passe`,
    addedSubject: (brand, account) => `${brand}\u202f: vous avez maintenant accès au compte ${account}`,
    hello: (name) => `Bonjour ${name},`,
    invited: (brand, account) => `Vous êtes invité au compte ${account} sur le portail de facturation ${brand}.`,
    added: (brand, account) => `Vous avez maintenant accès au compte ${account} sur le portail de facturation ${brand}.`,
    username: (email) => `Vous vous connectez avec votre adresse courriel, ${email}.`,
    choose: 'Choisissez votre mot de passe ici\u202f:',
    button: 'Choisir votre mot de passe',
    singleSignOn: (provider) => `Ou connectez-vous avec ${provider}, avec cette adresse courriel\u202f:`,
    expiry: (days) => `Le lien ne fonctionne qu’une fois et expire dans ${days} jours.`,
    signIn: 'Connectez-vous comme d’habitude pour le voir\u202f:',
    signInButton: 'Se connecter',
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>`;

/** The invitation email in the account's language, plain text and simple HTML (pure). */
export const composeInvitationEmail = (input: InvitationEmailInput): MailMessage => {
  const t = TEXTS[input.language];
  const signature = `— ${input.brand}`;
  const paragraphs: { text: string; html: string }[] = [{ text: t.hello(input.name), html: `<p>${escapeHtml(t.hello(input.name))}</p>` }];
  const say = (sentence: string) => paragraphs.push({ text: sentence, html: `<p>${escapeHtml(sentence)}</p>` });
  const link = (sentence: string, href: string, label: string) =>
    paragraphs.push({ text: `${sentence}\n${href}`, html: `<p>${escapeHtml(sentence)}</p>\n${button(href, label)}` });
  if (input.kind === 'invited') {
    say(`${t.invited(input.brand, input.accountName)} ${t.username(input.to)}`);
    link(t.choose, input.setPasswordLink, t.button);
    say(t.expiry(input.ttlDays));
    if (input.singleSignOn) link(t.singleSignOn(input.singleSignOn), input.loginLink, t.signInButton);
  } else {
    say(t.added(input.brand, input.accountName));
    link(t.signIn, input.loginLink, t.signInButton);
  }
  say(signature);
  const subject = input.kind === 'invited' ? t.invitedSubject(input.brand) : t.addedSubject(input.brand, input.accountName);
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">`,
    ...paragraphs.map((p) => p.html),
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject, text: paragraphs.map((p) => p.text).join('\n\n'), html };
};
