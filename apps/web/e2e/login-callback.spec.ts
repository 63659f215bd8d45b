import { expect, test } from '@playwright/test';
import { Api, loginToken, USERS } from './support/api';
import { accountHeading, signIn, storedTokens } from './support/auth';

/**
 * Journey 13 (docs/decisions/0006-where-the-spec-is-wrong.md): where single sign-on lands.
 * `#error=` shows "Account awaiting approval"; `#token=` signs the tab in; an Admin approves the pending user.
 */
const SUPPORT_PHONE = '+1 800 555 0199';
const SUPPORT_EMAIL = 'support@example-telecom.com';
const AWAITING =
  `Your account has not yet been approved. Your request will be reviewed by an administrator. ` +
  `Please contact us at ${SUPPORT_PHONE} or ${SUPPORT_EMAIL} for further assistance.`;

test('#error= shows "Account awaiting approval" with the spec message, help and links', async ({ page }) => {
  await page.goto('/login-callback#error=pending');
  await expect(page.getByRole('heading', { level: 1, name: 'Account awaiting approval' })).toBeVisible();
  await expect(page.getByText(AWAITING, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: SUPPORT_PHONE }).first()).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('link', { name: SUPPORT_EMAIL }).first()).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  await expect(page.getByRole('heading', { name: 'Need Help' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Privacy Policy/ }).first()).toHaveAttribute('href', '/privacy-policy');
  await expect(page.getByRole('link', { name: /Terms of Use/ }).first()).toHaveAttribute('href', '/terms-of-use');
  expect(await storedTokens(page)).toEqual({ local: null, session: null });

  await page.getByRole('link', { name: 'Return to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('#token= stores the token for this tab only and lands on / signed in', async ({ page, request }) => {
  const token = await loginToken(request, USERS.customer);
  // A stale remembered token must be dropped ("removed from persistent storage").
  await page.goto('/login');
  await page.evaluate(() => window.localStorage.setItem('token', 'stale-token'));

  await page.goto(`/login-callback#token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountHeading(page)).toBeVisible();
  expect(await storedTokens(page)).toEqual({ local: null, session: token });
});

test('no hash goes to /, which asks a signed-out visitor to log in', async ({ page }) => {
  await page.goto('/login-callback');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
});

test('an Admin approves the user awaiting approval at /admin/users', async ({ page, request }) => {
  const admin = await Api.as(request, 'admin');
  const pending = await admin.get<{ id: number; name: string; username: string }[]>('/a/v1/Users', { status: 'pending' });
  const sam = pending.find((user) => user.username === USERS.pending);
  expect(sam, `${USERS.pending} is awaiting approval`).toBeTruthy();
  const alex = await admin.accountNamed('Alex Martin');

  await signIn(page, 'admin');
  await page.goto('/');
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: USERS.pending });
  await expect(row).toContainText(sam!.name);
  await expect(row).toContainText('Awaiting approval');
  await expect(row.getByRole('button', { name: `Sign-in link: ${sam!.name}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Approve: ${sam!.name}` }).click();

  const dialog = page.getByRole('dialog', { name: `Approve ${sam!.name}` });
  await expect(dialog).toBeVisible();
  // Nothing chosen yet: refused with a reason.
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();

  await dialog.getByRole('searchbox', { name: 'Search accounts to add' }).fill('Alex');
  await dialog.getByRole('button', { name: `Add ${alex.listName}` }).click();
  await expect(dialog.getByRole('button', { name: `Remove ${alex.listName}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('status').filter({ hasText: `${sam!.name} was approved.` })).toBeVisible();
  // Now active: it can get a sign-in link, which it could not while awaiting approval.
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: `Sign-in link: ${sam!.name}` })).toBeVisible();

  const approved = (await admin.get<{ username: string; status: string; accounts: { accountId: number }[] }[]>('/a/v1/Users')).find(
    (user) => user.username === USERS.pending,
  );
  expect(approved).toMatchObject({ status: 'active', accounts: [{ accountId: alex.accountId }] });
});
