/** The reset mail is written in the person's language: their account's (docs/decisions/0014-languages-of-what-customers-receive.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app';
import { authCalls } from '../../../test/auth';
import { createAccount, createUser } from '../../../test/factories';
import { mailHeader, mailParts, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { composeResetEmail } from './reset-email';

const ORIGIN = 'https://portal.example';

let ctx: TestContext;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await buildTestApp({
    config: { PUBLIC_ORIGIN: ORIGIN, SMTP_URL: smtp.url, MAIL_FROM: 'Portal <no-reply@portal.example>' },
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const resetMailOf = async (username: string) => {
  const res = await authCalls(ctx.app).resetEmail(username, `${ORIGIN}/reset-password`, '10.9.0.1');
  expect(res.statusCode).toBe(200);
  const { raw } = await smtp.nextMail();
  const { parts } = mailParts(raw);
  return { subject: mailHeader(raw, 'Subject') ?? '', text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
};

describe('the password-reset email in the person’s language', () => {
  it('is French for a person whose account is French', async () => {
    const account = await createAccount(ctx.database.db, { language: 'French' });
    const user = await createUser(ctx.database.db, { name: 'Camille Tremblay', accountIds: [account.id] });
    const mail = await resetMailOf(user.username);
    // (The test's header decoder may leave a space where the encoded subject was folded.)
    expect(mail.subject.replace(/\s+/g, '')).toMatch(/:réinitialisezvotremotdepasse$/);
    const { text } = mail;
    expect(text).toContain('Bonjour Camille Tremblay,');
    expect(text).toContain(`(nom d’utilisateur : ${user.username})`);
    expect(text).toContain('Le lien ne fonctionne qu’une fois et expire dans 60 minutes.');
    expect(text).not.toContain('Hello');
    // The link opens the reset page in French too.
    expect(text).toMatch(new RegExp(`${ORIGIN}/reset-password\\?lang=fr#reset=[A-Za-z0-9_-]+`));
    const { html } = mail;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<strong>${user.username}</strong>`);
    expect(html).toContain('Réinitialiser votre mot de passe</a>');
  });

  it('is English for a person whose account is English, and for one without an account', async () => {
    const account = await createAccount(ctx.database.db, { language: 'English' });
    for (const user of [await createUser(ctx.database.db, { accountIds: [account.id] }), await createUser(ctx.database.db)]) {
      const mail = await resetMailOf(user.username);
      expect(mail.subject).toMatch(/: reset your password$/);
      expect(mail.text).toContain(`Hello ${user.name},`);
      expect(mail.html).toContain('Reset your password</a>');
      expect(mail.text).toMatch(new RegExp(`${ORIGIN}/reset-password#reset=`));
    }
  });

  it('escapes the French sentence’s parts in HTML too', () => {
    const mail = composeResetEmail({
      to: 'a@example.com',
      name: 'A <b>',
      username: 'x<y',
      link: 'https://p.example/r#reset=T',
      brand: 'portal',
      ttlMinutes: 60,
      language: 'fr',
    });
    expect(mail.html).toContain('Bonjour A &lt;b&gt;,');
    expect(mail.html).toContain('<strong>x&lt;y</strong>');
    expect(mail.html).not.toContain('\u0000');
  });
});
