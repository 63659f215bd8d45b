import { expect, test } from '@playwright/test';
import { accountHeading, signIn } from './support/auth';

/** Journey 12 (Not found): an unknown URL shows the not-found page; "Return Home" goes to /. */
const TITLE = 'Something went Wrong';
const TEXT = "We couldn't find the page you're looking for.";

test('an unknown URL shows the not-found page and Return Home leads to the dashboard', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/no/such/page?x=1');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(TEXT, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page\?x=1$/);

  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountHeading(page)).toBeVisible();
});

test('signed out, the not-found page shows too, and Return Home goes to / (which asks to log in)', async ({ page }) => {
  const answer = page.waitForResponse((r) => r.url().endsWith('/definitely-not-a-route'));
  await page.goto('/definitely-not-a-route');
  // The server hands the single-page app to any unknown path; the app decides it is not found.
  expect((await answer).ok()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(TEXT, { exact: true })).toBeVisible();

  const home = page.getByRole('link', { name: 'Return Home' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
});

test('an unknown invoice id under a real route is not a crash', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/invoices/999999999');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Invoices' }).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
