/**
 * Invitations and removing people over the provider API: the mail (through the outbox, in the account's
 * language), accepting on the reset page's calls, a person who already signs in, inviting again, and ending
 * the sessions of a person removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../../test/app';
import { clientTokenFor } from '../../../test/api-clients';
import { auditEntries, authCalls } from '../../../test/auth';
import { bearer, createAccount, createUser, TEST_PASSWORD } from '../../../test/factories';
import { mailHeader, mailParts, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp';
import { auditLog, userAccounts, users } from '../../db/schema';

const ORIGIN = 'https://portal.example';
const NEW_PASSWORD = 'Harbour-Lantern-Quill-58';

let ctx: TestContext;
let smtp: TestSmtpServer;
let calls: ReturnType<typeof authCalls>;
let client: string;
let externalIds = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await buildTestApp({ config: { PUBLIC_ORIGIN: ORIGIN, SMTP_URL: smtp.url, MAIL_FROM: 'Billing Portal <no-reply@portal.example>' } });
  calls = authCalls(ctx.app);
  client = await clientTokenFor(ctx, ['accounts:write']);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const providerAccount = async (overrides: { language?: 'English' | 'French'; name?: string } = {}) => {
  const externalId = `INV-${++externalIds}`;
  return { ...(await createAccount(ctx.database.db, { externalId, ...overrides })), externalId };
};

const invite = (externalId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/p/v1/accounts/${externalId}/invitations`, headers: bearer(client), payload });

const removePerson = (externalId: string, email: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/p/v1/accounts/${externalId}/people/${encodeURIComponent(email)}`, headers: bearer(client) });

const mailTo = (email: string) => smtp.nextMail(10_000, (mail: ReceivedMail) => mail.to.map((a) => a.toLowerCase()).includes(email));

const textOf = (mail: ReceivedMail) => mailParts(mail.raw).parts['text/plain'] ?? '';

/** The invitation link of a mail: the text part's, the same as the HTML part's. */
const invitationLinkIn = (mail: ReceivedMail): { link: URL; token: string } => {
  const { parts } = mailParts(mail.raw);
  const link = /https:\/\/\S+#invite=[A-Za-z0-9_-]+/.exec(parts['text/plain'] ?? '')?.[0];
  if (!link) throw new Error(`No invitation link in:\n${mail.raw}`);
  expect(parts['text/html']).toContain(`href="${link}"`);
  return { link: new URL(link), token: new URL(link).hash.slice('#invite='.length) };
};

const accountIdsOf = async (token: string): Promise<string[]> => {
  const res = await ctx.app.inject({ url: '/b/v1/Account/names', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { value: { accountId: string | number }[] }).value.map((a) => String(a.accountId));
};

const signIn = async (username: string, password: string): Promise<string> => {
  const res = await calls.login(username, password);
  const body = res.json() as { successful: boolean; token: string };
  expect(body.successful).toBe(true);
  return body.token;
};

describe('POST /p/v1/accounts/{externalId}/invitations', () => {
  it('mails a new person a link to set a password; once set, they sign in with their email and see the account', async () => {
    const account = await providerAccount({ name: 'Harbour Freight' });
    const res = await invite(account.externalId, { email: ' Nadia.Invited@Example.com ', name: 'Nadia Invited' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'nadia.invited@example.com', name: 'Nadia Invited', role: 'Customer', status: 'invited' });

    const mail = await mailTo('nadia.invited@example.com');
    expect(mailHeader(mail.raw, 'Subject')).toBe('Example Telecom: set your password');
    expect(textOf(mail)).toContain('You have been invited to the account Harbour Freight on the Example Telecom billing portal.');
    expect(textOf(mail)).toContain('The link works once and expires in 7 days.');
    const { link, token } = invitationLinkIn(mail);
    expect(`${link.origin}${link.pathname}${link.search}`).toBe(`${ORIGIN}/reset-password`);

    const check = await ctx.app.inject({ method: 'POST', url: '/a/v1/Password/CheckResetToken', payload: { resetToken: token } });
    expect(check.json()).toMatchObject({ successful: true });
    expect((await calls.setFromResetToken(token, NEW_PASSWORD)).json()).toEqual({ successful: true, error: null });
    // The link works once.
    expect((await calls.setFromResetToken(token, `${NEW_PASSWORD}x`)).json()).toMatchObject({ successful: false });

    const session = await signIn('nadia.invited@example.com', NEW_PASSWORD);
    expect(await accountIdsOf(session)).toEqual([String(account.id)]);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'nadia.invited@example.com'));
    expect((await auditEntries(ctx.database.db, 'auth.invitation_accepted', user!.id)).length).toBe(1);
  });

  it('writes the mail and the link in French for a French account', async () => {
    const account = await providerAccount({ language: 'French', name: 'Boulangerie Tremblay' });
    expect((await invite(account.externalId, { email: 'sylvie.francais@example.com', name: 'Sylvie Francais' })).statusCode).toBe(201);
    const mail = await mailTo('sylvie.francais@example.com');
    expect(mailHeader(mail.raw, 'Subject')).toBe('Example Telecom\u202f: choisissez votre mot de passe');
    expect(textOf(mail)).toContain('Vous êtes invité au compte Boulangerie Tremblay sur le portail de facturation Example Telecom.');
    expect(textOf(mail)).toContain('Choisissez votre mot de passe ici\u202f:');
    expect(invitationLinkIn(mail).link.searchParams.get('lang')).toBe('fr');
  });

  it('adds the account to a person who already signs in, and tells them so', async () => {
    const home = await createAccount(ctx.database.db);
    const person = await createUser(ctx.database.db, { email: 'already.here@example.com', name: 'Alma Here', accountIds: [home.id] });
    const account = await providerAccount({ name: 'Second Line' });
    const res = await invite(account.externalId, { email: 'already.here@example.com', name: 'Another Name' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'already.here@example.com', name: 'Alma Here', role: 'Customer', status: 'added' });
    const mail = await mailTo('already.here@example.com');
    expect(mailHeader(mail.raw, 'Subject')).toBe('Example Telecom: you now reach the account Second Line');
    expect(textOf(mail)).toContain(`${ORIGIN}/login`);
    expect(textOf(mail)).not.toContain('#invite=');
    expect((await accountIdsOf(await signIn(person.username, TEST_PASSWORD))).sort()).toEqual([String(home.id), String(account.id)].sort());
    // Audited with the API client that invited, and shown so in Account activity.
    const [entry] = await auditEntries(ctx.database.db, 'account.person_invited', person.id);
    expect(entry).toMatchObject({ accountId: account.id, actorUserId: null });
    expect(entry!.actorClientId).not.toBeNull();
    const history = await ctx.app.inject({ url: `/b/v1/Account/${account.id}/history`, headers: bearer(await signIn(person.username, TEST_PASSWORD)) });
    expect((history.json() as { value: unknown[] }).value).toContainEqual(
      expect.objectContaining({ action: 'account.person_invited', person: 'already.here@example.com', actor: { kind: 'client', name: 'Test client accounts:write' } }),
    );
  });

  it('gives no second access on a second invitation, and mails a fresh link that retires the first', async () => {
    const account = await providerAccount();
    const email = 'twice.invited@example.com';
    expect((await invite(account.externalId, { email, name: 'Twice Invited' })).statusCode).toBe(201);
    const first = invitationLinkIn(await mailTo(email)).token;
    const again = await invite(account.externalId, { email, name: 'Twice Invited' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ status: 'invited' });
    const second = invitationLinkIn(await mailTo(email)).token;
    expect(second).not.toBe(first);

    const people = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(people).toHaveLength(1);
    expect(await ctx.database.db.select().from(userAccounts).where(eq(userAccounts.userId, people[0]!.id))).toHaveLength(1);
    expect((await calls.setFromResetToken(first, NEW_PASSWORD)).json()).toMatchObject({ successful: false });
    expect((await calls.setFromResetToken(second, NEW_PASSWORD)).json()).toMatchObject({ successful: true });
  });

  it('refuses a bad body with 400 and each field’s path, and an unknown account with 404', async () => {
    const account = await providerAccount();
    const res = await invite(account.externalId, { email: 'not-an-email', name: '  ', role: 'Admin' });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json() as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['email', 'name', 'role']);
    expect(fields.email).toBe('Please enter a valid email address.');
    expect((await invite('NO-SUCH-ACCOUNT', { email: 'someone@example.com', name: 'Someone' })).statusCode).toBe(404);
  });
});

describe('DELETE /p/v1/accounts/{externalId}/people/{email}', () => {
  it('removes the access and ends the person’s sessions at once; a second removal is 404', async () => {
    const account = await providerAccount();
    const other = await createAccount(ctx.database.db);
    const person = await createUser(ctx.database.db, { email: 'Leaving.Soon@example.com', accountIds: [account.id, other.id] });
    const session = await signIn(person.username, TEST_PASSWORD);
    const sessions = () => ctx.app.inject({ url: '/a/v1/Sessions', headers: bearer(session) });
    expect((await sessions()).statusCode).toBe(200);

    const res = await removePerson(account.externalId, 'leaving.soon@example.com');
    expect(res.statusCode).toBe(204);
    expect((await sessions()).statusCode).toBe(401);
    const left = await ctx.database.db.select().from(userAccounts).where(eq(userAccounts.userId, person.id));
    expect(left.map((r) => r.accountId)).toEqual([other.id]);
    // Signing in again reaches only the account kept.
    expect(await accountIdsOf(await signIn(person.username, TEST_PASSWORD))).toEqual([String(other.id)]);
    const removal = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.person_removed'), eq(auditLog.accountId, account.id), isNotNull(auditLog.actorClientId)));
    expect(removal).toHaveLength(1);

    expect((await removePerson(account.externalId, 'leaving.soon@example.com')).statusCode).toBe(404);
    expect((await removePerson(account.externalId, 'not-an-email')).statusCode).toBe(400);
  });

  it('retires the unused invitation link of a person left with no account', async () => {
    const account = await providerAccount();
    const email = 'never.came@example.com';
    expect((await invite(account.externalId, { email, name: 'Never Came' })).statusCode).toBe(201);
    const { token } = invitationLinkIn(await mailTo(email));
    expect((await removePerson(account.externalId, email)).statusCode).toBe(204);
    expect((await calls.setFromResetToken(token, NEW_PASSWORD)).json()).toMatchObject({ successful: false });
  });
});
