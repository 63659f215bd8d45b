import { expect, test, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { serverNow, USERS } from './support/api';
import { chooseFromUserMenu, loginViaUi, submitLoginForm } from './support/auth';

/**
 * Staff turn two-factor sign-in on from /security (codes computed from the key
 * the screen shows, as an authenticator app would), sign in again with password + code, then turn it off so
 * later journeys sign in as staff with the password alone.
 */

const STEP_MS = 30_000;

/**
 * The current code, once the step of `afterStep` is over: the service accepts each step's code once, so a
 * code for the step just used would be refused.
 */
const freshCode = async (secret: string, afterStep: number) => {
  // By the server's clock, which an earlier journey may have moved ahead.
  while (Math.floor(serverNow() / STEP_MS) <= afterStep) {
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (serverNow() % STEP_MS) + 200));
  }
  const timestamp = serverNow();
  const step = Math.floor(timestamp / STEP_MS);
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });
  return { code, step };
};

const twoFactorSection = (page: Page): Locator => page.getByRole('region', { name: 'Two-factor sign-in' });

test('staff turn two-factor sign-in on, sign in with password and code, and turn it off', async ({ page }) => {
  // Up to three 30-second steps are waited out.
  test.setTimeout(180_000);
  await loginViaUi(page, 'staff');
  await chooseFromUserMenu(page, 'Security');
  await expect(page).toHaveURL(/\/security$/);

  // Turn on: the QR code and the key as text, confirmed with a code from the key.
  await twoFactorSection(page).getByRole('button', { name: 'Turn on' }).click();
  const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await expect(setup.getByRole('img', { name: 'QR code to add this portal to your authenticator app' })).toBeVisible();
  const key = setup.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = (await key.textContent())!.replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codeField = setup.getByLabel('Code from the app');
  await expect(codeField).toBeFocused();

  let { code, step } = await freshCode(secret, -1);
  await codeField.fill(code);
  await setup.getByRole('button', { name: 'Confirm' }).click();
  await expect(setup.getByRole('heading', { name: 'Save these recovery codes' })).toBeFocused();
  const recoveryCodes = setup.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recoveryCodes).toHaveCount(10);
  await expect(recoveryCodes.first()).toHaveText(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await setup.getByRole('button', { name: 'Done' }).click();
  await expect(setup).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor sign-in is on.' })).toBeVisible();
  await expect(twoFactorSection(page)).toContainText('On');

  // Log off; the password alone now asks for the code.
  await chooseFromUserMenu(page, 'Log off');
  await expect(page).toHaveURL(/\/login$/);
  await submitLoginForm(page, USERS.staff);
  const verification = page.getByLabel('Verification code');
  await expect(verification).toBeFocused();
  await expect(verification).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
  await expect(verification).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page).toHaveURL(/\/login$/);

  ({ code, step } = await freshCode(secret, step));
  await verification.fill(code);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Turn off with a code, in a confirmation dialog.
  await chooseFromUserMenu(page, 'Security');
  const turnOff = twoFactorSection(page).getByRole('button', { name: 'Turn off' });
  await turnOff.click();
  const confirm = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await expect(confirm.getByLabel('Code')).toBeFocused();
  ({ code } = await freshCode(secret, step));
  await confirm.getByLabel('Code').fill(code);
  await confirm.getByRole('button', { name: 'Turn off' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor sign-in is off.' })).toBeVisible();
  await expect(twoFactorSection(page).getByRole('button', { name: 'Turn on' })).toBeVisible();

  // The password alone signs staff in again.
  await chooseFromUserMenu(page, 'Log off');
  await expect(page).toHaveURL(/\/login$/);
  await loginViaUi(page, 'staff');
});
