import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, USERS } from './support/api';
import { chooseFromUserMenu, loginViaUi, signIn, submitLoginForm } from './support/auth';
import { outboxSnapshot, waitForMail } from './support/outbox';

/**
 * Guessing a password cannot lock the real customer out. The owner's browser, where they
 * signed in before, keeps signing in after a guesser without its device cookie has been throttled.
 * (It uses `family`, which no later journey signs in as; Admin lifts the guesser's lockout at the end.)
 */
test('after 11 wrong passwords from elsewhere, the owner still signs in on their own browser; the guesser stays throttled', async ({ page, playwright, baseURL }) => {
  await loginViaUi(page, 'family');
  await chooseFromUserMenu(page, 'Log off');
  await expect(page).toHaveURL(/\/login$/);

  const guesser = await playwright.request.newContext({ baseURL });
  try {
    const guess = (password: string) => guesser.post('/a/v1/Authenticate', { data: { username: USERS.family, password } });
    for (let i = 0; i < 10; i += 1) expect((await (await guess(`wrong-${i}`)).json()).successful).toBe(false);
    const throttled = await guess('wrong-11');
    expect(throttled.status()).toBe(429);
    expect((await throttled.json()).error).toMatch(/^Too many login attempts\. Please wait \d+ minutes? and try again\.$/);
    expect((await guess(DEMO_PASSWORD)).status()).toBe(429);

    await loginViaUi(page, 'family');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    expect((await guess(DEMO_PASSWORD)).status()).toBe(429);
  } finally {
    await guesser.dispose();
  }

  // A fresh browser, without the device cookie, is the guesser's case: refused with the wait named.
  const stranger = await page.context().browser()!.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await submitLoginForm(strangerPage, USERS.family);
  await expect(strangerPage.getByRole('alert')).toContainText(/Too many login attempts/);

  // Admin › Users shows the lockout and lifts it, emailing a reset link; the person then signs in anywhere.
  const adminContext = await page.context().browser()!.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, 'admin');
  await adminPage.goto('/admin/users');
  await adminPage.getByRole('searchbox', { name: 'Search users' }).fill(USERS.family);
  const row = adminPage.getByRole('row', { name: /Jordan Lee/ });
  await expect(row.getByText(/^Locked out until /)).toBeVisible();
  const before = await outboxSnapshot();
  await row.getByRole('button', { name: /^Lift lockout: / }).click();
  const dialog = adminPage.getByRole('dialog', { name: /^Lift the sign-in lockout of / });
  await expect(dialog.getByRole('checkbox', { name: 'Also email them a link to set a new password' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Lift lockout' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'a password reset link was emailed to them' })).toBeVisible();
  await expect(row.getByText(/^Locked out until /)).toHaveCount(0);
  const mail = await waitForMail('jordan.lee@example.com', before);
  expect(mail.text).toMatch(/\/reset-password#reset=/);
  await adminContext.close();

  await submitLoginForm(strangerPage, USERS.family);
  await expect(strangerPage).toHaveURL(/\/$/);
  await stranger.close();
});
