import { expect, test } from '@playwright/test';
import { chooseFromUserMenu, signIn } from './support/auth';

/**
 * An Admin creates an API client on the "API clients" screen, copies its secret (shown
 * once), and the provider's billing system gets a token with it from the token endpoint; disabling the
 * client refuses that token at once.
 */
test('an Admin creates an API client whose secret gets a provider API token, then disables it', async ({ page, request }) => {
  const name = `Journey BSS ${Date.now()}`;
  await signIn(page, 'admin');
  await page.goto('/');
  await chooseFromUserMenu(page, 'API clients');
  await expect(page.getByRole('heading', { level: 1, name: 'API clients' })).toBeVisible();

  await page.getByRole('button', { name: 'Create API client' }).click();
  const create = page.getByRole('dialog', { name: 'Create API client' });
  await create.getByRole('textbox', { name: /Name/ }).fill(name);
  await create.getByRole('checkbox', { name: /usage:write/ }).check();
  await create.getByRole('checkbox', { name: /invoices:write/ }).check();
  await create.getByRole('button', { name: 'Create API client' }).click();

  const secretDialog = page.getByRole('dialog', { name: `Secret of ${name}` });
  await expect(secretDialog.getByText(/it is not shown again/)).toBeVisible();
  const clientId = await secretDialog.getByRole('textbox', { name: 'Client ID' }).inputValue();
  const clientSecret = await secretDialog.getByRole('textbox', { name: 'Client secret' }).inputValue();
  const tokenEndpoint = await secretDialog.getByRole('textbox', { name: 'Token endpoint' }).inputValue();
  await secretDialog.getByRole('button', { name: 'I have stored the secret' }).click();
  await expect(secretDialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');
  await expect(row).toContainText(clientId);
  await expect(page.getByText(clientSecret)).toHaveCount(0);

  const issued = await request.post(tokenEndpoint, {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials', scope: 'usage:write' },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const token = (await issued.json()) as { access_token: string; token_type: string; scope: string; expires_in: number };
  expect(token).toMatchObject({ token_type: 'Bearer', scope: 'usage:write', expires_in: 900 });
  const me = await request.get('/p/v1/clients/me', { headers: { authorization: `Bearer ${token.access_token}` } });
  expect(await me.json()).toMatchObject({ clientId, name, scopes: ['usage:write'] });

  await row.getByRole('button', { name: `Disable: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Disable ${name}?` });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`API client ${name} disabled.`)).toBeVisible();
  await expect(row).toContainText('Disabled');
  const refused = await request.get('/p/v1/clients/me', { headers: { authorization: `Bearer ${token.access_token}` } });
  expect(refused.status()).toBe(401);
});
