import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test';
import { advanceServerClock, DEMO_PASSWORD } from './support/api';
import { chooseFromUserMenu, loginViaUi } from './support/auth';
import { outboxSnapshot, waitForMail } from './support/outbox';

/**
 * A person adds a passkey from /security with Chromium's virtual authenticator
 * (a platform authenticator with user verification, as a phone or laptop has), signs in with it from /login,
 * then removes it — after which the same authenticator no longer signs in.
 *
 * Browsers refuse an IP address as a WebAuthn relying party id, so this journey uses the server's
 * `localhost` address (the relying party id of a loopback PUBLIC_ORIGIN). It signs in as `customer`: the
 * lockout journey leaves `family` throttled for browsers it has not signed in on.
 */

const passkeysSection = (page: Page): Locator => page.getByRole('region', { name: 'Passkeys' });

const addVirtualAuthenticator = async (page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
};

test('a passkey added on /security signs in from /login, and stops signing in once removed', async ({ page, baseURL }) => {
  const localhost = new URL(baseURL!);
  localhost.hostname = 'localhost';
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto(new URL('/login', localhost).href);
  await loginViaUi(page, 'customer');
  await chooseFromUserMenu(page, 'Security');
  await expect(page).toHaveURL(/\/security$/);

  // Add: the browser's passkey dialog (answered by the virtual authenticator), then the notice.
  const section = passkeysSection(page);
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const added = page
    .getByRole('status')
    .filter({ hasText: /Passkey added for .+\. You can now sign in with it from the login page\./ });
  await expect(added).toBeVisible();
  const passkeys = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText('not used yet');

  // The authenticator holds one discoverable credential for this site.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  const registeredCount = credentials[0]!.signCount;

  // Sign out, then in with the passkey alone: no username, no password.
  await chooseFromUserMenu(page, 'Log off');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The authenticator signed once more (the portal keeps its counter to spot a cloned key).
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(
    registeredCount,
  );

  // The list says it was used; removing asks first, and Cancel puts focus back on the Remove button.
  await chooseFromUserMenu(page, 'Security');
  await expect(passkeys.first()).toContainText(/last used/);
  const remove = passkeys.first().getByRole('button', { name: /^Remove passkey: .+, added / });
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(confirm).toContainText('will no longer sign you in');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  await remove.click();
  await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: /was removed\. It no longer signs you in\./ })).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The authenticator still holds the credential, but the portal no longer takes it.
  await chooseFromUserMenu(page, 'Log off');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey could not sign you in. Try again, or log in with your password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The password still signs in as before.
  await loginViaUi(page, 'customer');
});

test('on a sign-in over 10 minutes old, adding a passkey asks for the password first', async ({ page, baseURL }) => {
  const localhost = new URL(baseURL!);
  localhost.hostname = 'localhost';
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await page.goto(new URL('/login', localhost).href);
  await loginViaUi(page, 'customer');
  await chooseFromUserMenu(page, 'Security');
  const section = passkeysSection(page);
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // Eleven minutes pass on the server: the sign-in is no longer a fresh proof of who is at the keyboard.
  await advanceServerClock(11 * 60_000);
  const mails = await outboxSnapshot();
  const add = section.getByRole('button', { name: 'Add a passkey' });
  await add.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(confirm).toBeVisible();
  // Nothing was created while the password is asked for.
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(0);
  await confirm.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();

  await expect(page.getByRole('status').filter({ hasText: /Passkey added for .+\. You can now sign in with it/ })).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  const passkeys = section.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
  await expect(passkeys).toHaveCount(1);

  // The security email names the new passkey and where it came from.
  const mail = await waitForMail('alex.martin@example.com', mails);
  expect(mail.text).toMatch(/A passkey was added: “.+”\. It signs you in without your password\./);
  expect(mail.text).toMatch(/From: .+, address /);

  // Removing it now needs no second confirmation: the password was just confirmed.
  await passkeys.first().getByRole('button', { name: /^Remove passkey: / }).click();
  await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
});

test('the Security screen fits a phone: the passkey section and its button are reachable', async ({ page, baseURL }) => {
  const localhost = new URL(baseURL!);
  localhost.hostname = 'localhost';
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(new URL('/login', localhost).href);
  await loginViaUi(page, 'customer');
  await page.goto(new URL('/security', localhost).href);
  const add = passkeysSection(page).getByRole('button', { name: 'Add a passkey' });
  await expect(add).toBeVisible();
  const box = (await add.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
