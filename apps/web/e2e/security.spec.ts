import { endpoints, pathFor } from '@portal/contract';
import { expect, test, type Browser } from '@playwright/test';
import { chooseFromUserMenu, loginViaUi, storedTokens } from './support/auth';

/**
 * docs/decisions/0011-server-side-sessions.md: the Security screen ends another device's session, which is
 * then logged out at its next action; the idle warning a minute before the idle logout, and the logout itself.
 */

/** A browser that names itself differently, so its session is the one row "Firefox on Windows" in the list. */
const OTHER_DEVICE_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const signedInContext = async (browser: Browser, userAgent?: string) => {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await loginViaUi(page, 'customer');
  return { context, page };
};

test.describe('sessions', () => {
  test('the Security screen ends the session of another browser, which is sent to /login at its next action', async ({
    browser,
  }) => {
    const here = await signedInContext(browser);
    const there = await signedInContext(browser, OTHER_DEVICE_UA);

    await chooseFromUserMenu(here.page, 'Security');
    await expect(here.page).toHaveURL(/\/security$/);
    await expect(here.page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    const sessions = here.page.getByRole('list', { name: 'Signed-in sessions' });
    const current = sessions.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Active now');

    const other = sessions.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
    await expect(other).toHaveCount(1);
    await other.getByRole('button', { name: /^End session: Firefox on Windows/ }).click();
    const dialog = here.page.getByRole('dialog', { name: 'End this session?' });
    await expect(dialog).toContainText('Firefox on Windows');
    await dialog.getByRole('button', { name: 'End session' }).click();

    await expect(here.page.getByRole('status').filter({ hasText: 'The session on Firefox on Windows was ended.' })).toBeVisible();
    await expect(other).toHaveCount(0);

    // The other browser still shows its page; its next request is refused and it lands on /login, told why.
    await there.page
      .getByRole('navigation', { name: 'Manage your account' })
      .getByRole('link', { name: /Invoices & Billing/ })
      .click();
    await expect(there.page).toHaveURL(/\/login$/);
    await expect(
      there.page.getByRole('status').filter({ hasText: 'Your session has ended. Please log in again.' }),
    ).toBeVisible();
    expect(await there.page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([
      null,
      null,
    ]);

    // This browser is still signed in.
    await here.page.reload();
    await expect(here.page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

    await here.context.close();
    await there.context.close();
  });

  test('Log off ends the session at the auth service: its token no longer works anywhere', async ({ page, request }) => {
    await loginViaUi(page, 'customer');
    const token = (await storedTokens(page)).session!;
    const sessions = pathFor(endpoints.sessions);
    const asBefore = await request.get(sessions, { headers: { Authorization: `Bearer ${token}` } });
    expect(asBefore.status()).toBe(200);

    await chooseFromUserMenu(page, 'Log off');
    await expect(page).toHaveURL(/\/login$/);
    const asAfter = await request.get(sessions, { headers: { Authorization: `Bearer ${token}` } });
    expect(asAfter.status()).toBe(401);
    expect(await asAfter.json()).toEqual({ error: 'Your session has ended. Please log in again.' });
  });

  test('warns a minute before the idle logout, keeps the session on "Stay signed in", then logs out and says why', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The page's clock only: the server keeps real time, so "Stay signed in" really reaches a live session.
    await page.clock.install();
    await loginViaUi(page, 'customer');
    const opener = page.getByRole('link', { name: 'View bill' }).first();
    await opener.focus();

    await page.clock.fastForward('28:00');
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward('01:30');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('you will be signed out in one minute');
    await expect(dialog.locator(':focus')).toHaveCount(1);

    const kept = page.waitForResponse((r) => r.url().endsWith('/a/v1/Sessions') && r.status() === 200);
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await kept;
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // Idle again: warned, then logged out when the minute is up.
    await page.clock.fastForward('29:30');
    await expect(dialog).toBeVisible();
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/a/v1/Authenticate/Logout'));
    await page.clock.fastForward('01:00');
    expect((await loggedOut).status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'You were logged out after a period without activity. Please log in again.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();

    await context.close();
  });
});
