import { expect, test, type Page, type Worker } from '@playwright/test';
import { tokenFor } from './support/api';
import { accountHeading, loginViaUi, signIn, submitLoginForm } from './support/auth';

/**
 * ICU's data for the home page's formatters loads in a worker (lib/intl-warm-up.ts): the page's security policy
 * lets it start, it runs to its end and closes itself, and a page starts it only once.
 */
const watchWarmUps = (page: Page) => {
  const started: Worker[] = [];
  const closed: Worker[] = [];
  const errors: string[] = [];
  page.on('worker', (worker) => {
    if (!/\/assets\/intl-warm-up\.worker-[\w-]+\.js$/.test(worker.url())) return;
    started.push(worker);
    worker.on('close', () => closed.push(worker));
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { started, closed, errors };
};

test('a page opened signed in loads the formatters’ data in a worker that closes when done', async ({ page }) => {
  await signIn(page, 'customer');
  const warmUps = watchWarmUps(page);
  await page.goto('/');
  await expect(accountHeading(page)).toBeVisible();
  await expect.poll(() => warmUps.closed.length).toBe(1);
  expect(warmUps.started).toHaveLength(1);
  expect(warmUps.errors).toEqual([]);
});

test('signing in on the login form starts the warm-up once, a failed attempt before it included', async ({ page }) => {
  const warmUps = watchWarmUps(page);
  await page.goto('/login');
  expect(warmUps.started, 'nothing to format on the signed-out page').toHaveLength(0);
  // An unknown username: no demo user's failed-attempt count goes up.
  await submitLoginForm(page, 'nobody-at-all', { password: 'not-the-password' });
  await expect(page.getByRole('alert')).toBeVisible();
  await loginViaUi(page, 'customer');
  await expect(accountHeading(page)).toBeVisible();
  await expect.poll(() => warmUps.closed.length).toBe(1);
  expect(warmUps.started).toHaveLength(1);
  expect(warmUps.errors.filter((text) => !/401|Unauthorized/i.test(text))).toEqual([]);
});

test('single sign-on’s return starts the warm-up as it signs the tab in', async ({ page }) => {
  const token = await tokenFor(page.request, 'customer');
  const warmUps = watchWarmUps(page);
  await page.goto(`/login-callback#token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountHeading(page)).toBeVisible();
  await expect.poll(() => warmUps.closed.length).toBe(1);
  expect(warmUps.started).toHaveLength(1);
  expect(warmUps.errors).toEqual([]);
});
