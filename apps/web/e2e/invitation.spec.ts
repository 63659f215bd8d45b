import { expect, test, type APIRequestContext } from '@playwright/test';
import { customerNoOf, tokenFor, type AccountListName } from './support/api';
import { storedTokens, submitLoginForm } from './support/auth';
import { outboxSnapshot, waitForMail, type OutboxMessage } from './support/outbox';

/**
 * The provider's billing system invites a person to a demo account over the provider API; the person opens
 * the link of the email in the outbox, sets a password, signs in with their email and sees that account.
 */
const ACCOUNT = 'demo-extra-4';
const PASSWORD = `Kestrel-Harbour-${Date.now() % 100_000}-Lamp`;

/** A provider API token of a new API client with `accounts:write`, created by the demo Admin. */
const providerToken = async (request: APIRequestContext): Promise<string> => {
  const created = await request.post('/a/v1/ApiClients', {
    headers: { authorization: `Bearer ${await tokenFor(request, 'admin')}` },
    data: { name: `Invitation journey ${Date.now()}`, scopes: ['accounts:write'] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { client, clientSecret } = (await created.json()) as { client: { clientId: string }; clientSecret: string };
  const issued = await request.post('/a/v1/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  return ((await issued.json()) as { access_token: string }).access_token;
};

const invitationLinkIn = (message: OutboxMessage): string => {
  const link = /https?:\/\/\S+#invite=[A-Za-z0-9_-]+/.exec(message.text)?.[0];
  expect(link, `an #invite= link in the email:\n${message.text}`).toBeTruthy();
  return link!;
};

test('a person invited over the provider API sets a password from the email and sees the account', async ({ page, request }) => {
  const email = `invited.${Date.now()}@example.com`;
  const provider = { authorization: `Bearer ${await providerToken(request)}` };
  const account = (await (await request.get(`/p/v1/accounts/${ACCOUNT}`, { headers: provider })).json()) as { name: string };

  const before = await outboxSnapshot();
  const invited = await request.post(`/p/v1/accounts/${ACCOUNT}/invitations`, { headers: provider, data: { email, name: 'Robin Invited' } });
  expect(invited.status(), await invited.text()).toBe(201);
  expect(await invited.json()).toEqual({ email, name: 'Robin Invited', role: 'Customer', status: 'invited' });

  const mail = await waitForMail(email, before);
  expect(mail.headers.subject).toMatch(/set your password$/);
  const link = invitationLinkIn(mail);
  expect(new URL(link).pathname).toBe('/reset-password');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm New Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set. Sign in with your email address and this password.');

  await page.getByRole('link', { name: 'Return to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLoginForm(page, email, { password: PASSWORD });
  await expect(page).toHaveURL(/\/$/);
  // The one account the person reaches is the one they were invited to.
  const session = (await storedTokens(page)).session!;
  const names = await request.get('/b/v1/Account/names', { headers: { authorization: `Bearer ${session}` } });
  const { value } = (await names.json()) as { value: AccountListName[] };
  expect(value).toHaveLength(1);
  expect(value[0]!.listName).toContain(account.name);
  await expect(page.getByRole('heading', { level: 1, name: `Account ${customerNoOf(value[0]!)}` })).toBeVisible();

  // The link worked once.
  await page.goto('/logout');
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This invitation link has expired or was already used.');
});
