import { expect, test } from '@playwright/test';
import { authenticate, decodeToken } from './support/api';
import { accountHeading, chooseFromUserMenu, loginViaUi, storedTokens, submitLoginForm } from './support/auth';
import { isRed } from './support/page';

/**
 * Journey 1: signing in with and without
 * "Remember me", logging off, and a wrong password.
 */
test('the login hides "Sign in with Microsoft" when single sign-on is not configured, and its link explains', async ({ page }) => {
  // The e2e server runs without OIDC_ISSUER: the auth service lists no provider.
  const providers = page.waitForResponse((r) => r.url().endsWith('/a/v1/openid/providers'));
  await page.goto('/login');
  expect(await (await providers).json()).toEqual({ providers: [] });
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sign in with/ })).toHaveCount(0);
  // Reached anyway (an old bookmark): a readable page, not a JSON error.
  await page.goto('/a/v1/openid/microsoft-login');
  await expect(page).toHaveURL(/\/login-callback#error=/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('log in and log out', () => {
  test('Remember me keeps the token in localStorage only, so other tabs are signed in too', async ({ page, context }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(page.getByText(/^Welcome to the .+ billing dashboard, please log in to continue\.$/)).toBeVisible();

    await loginViaUi(page, 'customer', { remember: true });
    await expect(accountHeading(page)).toBeVisible();

    const tokens = await storedTokens(page);
    expect(tokens.session, 'no per-tab copy with Remember me').toBeNull();
    expect(tokens.local, 'token in localStorage').toBeTruthy();
    expect(decodeToken(tokens.local!).name).toBe('Alex Martin');

    // Persistent storage is shared by every tab of the browser.
    const other = await context.newPage();
    await other.goto('/invoices');
    await expect(other).toHaveURL(/\/invoices$/);
    await expect(other.getByRole('heading', { level: 1, name: 'Invoices & Billing' })).toBeVisible();
  });

  test('without Remember me the token lives in sessionStorage only, so a new tab must log in', async ({ page, context }) => {
    await loginViaUi(page, 'customer');
    await expect(accountHeading(page)).toBeVisible();

    const tokens = await storedTokens(page);
    expect(tokens.local, 'nothing in localStorage without Remember me').toBeNull();
    expect(tokens.session, 'token in sessionStorage').toBeTruthy();

    // A reload keeps the per-tab session.
    await page.reload();
    await expect(accountHeading(page)).toBeVisible();

    // Another tab has its own, empty sessionStorage: it is sent to /login, which keeps the page to return to.
    const other = await context.newPage();
    await other.goto('/invoices');
    await expect(other).toHaveURL(/\/login\?next=%2Finvoices$/);
    await expect(other.getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  test('Log off clears both stores, lands on /login, and Back does not return into the app', async ({ page }) => {
    await loginViaUi(page, 'customer', { remember: true });
    await page
      .getByRole('navigation', { name: 'Manage your account' })
      .getByRole('link', { name: /Invoices & Billing/ })
      .click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices & Billing' })).toBeVisible();
    // A copy in the other store too, to prove Log off clears both.
    await page.evaluate(() => window.sessionStorage.setItem('token', window.localStorage.getItem('token') ?? ''));

    await chooseFromUserMenu(page, 'Log off');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(await storedTokens(page)).toEqual({ local: null, session: null });

    // Back (twice) never shows an authenticated page again (the page left is only remembered for a sign-in).
    await page.goBack();
    await expect(page).toHaveURL(/\/login(\?next=%2Finvoices)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices & Billing' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login(\?next=%2Finvoices)?$/);
    await expect(accountHeading(page)).toHaveCount(0);

    // And a protected URL typed in afterwards goes to /login as well.
    await page.goto('/payments');
    await expect(page).toHaveURL(/\/login\?next=%2Fpayments$/);
  });

  test('opening /logout directly signs out and replaces the history entry', async ({ page }) => {
    await loginViaUi(page, 'customer', { remember: true });
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedTokens(page)).toEqual({ local: null, session: null });
    await page.goBack();
    await expect(page).toHaveURL(/\/login(\?next=%2Finvoices)?$/);
    await expect(accountHeading(page)).toHaveCount(0);
  });

  test("a wrong password shows the server's error text in a red alert and stores nothing", async ({ page, request }) => {
    await page.goto('/login');
    const answer = page.waitForResponse((r) => r.url().endsWith('/a/v1/Authenticate') && r.request().method() === 'POST');
    await submitLoginForm(page, 'customer', { password: 'Not-The-Password-1' });
    const body = (await (await answer).json()) as { successful: boolean; error: string | null };
    expect(body.successful).toBe(false);
    expect(body.error, 'the service explains the failure').toBeTruthy();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText(body.error!);
    await expect(alert).toContainText('Error:');
    expect(await isRed(alert), 'the alert text is red').toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedTokens(page)).toEqual({ local: null, session: null });

    // The service answers the same for an unknown user (no user enumeration, docs/decisions/0005-security-model.md).
    const unknown = await authenticate(request, 'no-such-user-e2e', 'Not-The-Password-1');
    expect(unknown.error).toBe(body.error);
  });

  test('Username and Password are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
  });
});
