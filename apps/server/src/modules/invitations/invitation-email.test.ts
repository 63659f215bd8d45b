import { describe, expect, it } from 'vitest';
import { composeInvitationEmail, type InvitationEmailInput } from './invitation-email';

const common = {
  to: 'ada@example.com',
  name: 'Ada <Lovelace>',
  accountName: 'Harbour & Sons',
  brand: 'Example Telecom',
  loginLink: 'https://portal.example/login',
} as const;
const invited = (language: 'en' | 'fr', singleSignOn: string | null): InvitationEmailInput => ({
  ...common,
  language,
  kind: 'invited',
  setPasswordLink: 'https://portal.example/reset-password#invite=abc',
  ttlDays: 7,
  singleSignOn,
});

describe('the invitation email', () => {
  it.each([
    ['en', null, 'Example Telecom: set your password', ['Set your password here:', 'expires in 7 days'], ['Or sign in with']],
    ['en', 'Microsoft', 'Example Telecom: set your password', ['Or sign in with Microsoft, with this email address:\nhttps://portal.example/login'], []],
    ['fr', null, 'Example Telecom\u202f: choisissez votre mot de passe', ['Choisissez votre mot de passe ici\u202f:', 'expire dans 7 jours'], ['Ou connectez-vous']],
    ['fr', 'Microsoft', 'Example Telecom\u202f: choisissez votre mot de passe', ['Ou connectez-vous avec Microsoft'], []],
  ] as const)('in %s with single sign-on %s', (language, sso, subject, present, absent) => {
    const mail = composeInvitationEmail(invited(language, sso));
    expect(mail.subject).toBe(subject);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain('https://portal.example/reset-password#invite=abc');
    expect(mail.html).toContain('href="https://portal.example/reset-password#invite=abc"');
    for (const text of present) expect(mail.text).toContain(text);
    for (const text of absent) expect(mail.text).not.toContain(text);
  });

  it('tells a person who already signs in, with the sign-in page and no link to set a password', () => {
    const mail = composeInvitationEmail({ ...common, language: 'en', kind: 'added' });
    expect(mail.subject).toBe('Example Telecom: you now reach the account Harbour & Sons');
    expect(mail.text).toContain('Sign in as usual to see it:\nhttps://portal.example/login');
    expect(mail.text).not.toContain('#invite=');
  });

  it('escapes names in the HTML part', () => {
    const { html } = composeInvitationEmail(invited('en', null));
    expect(html).toContain('Hello Ada &lt;Lovelace&gt;,');
    expect(html).toContain('Harbour &amp; Sons');
    expect(html).not.toContain('<Lovelace>');
  });
});
