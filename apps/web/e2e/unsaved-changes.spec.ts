import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';

/**
 * docs/decisions/0015-screens-fit-a-phone.md: leaving Account Information with edits that are not saved asks
 * "Leave without saving?" inside the app (links, the browser's Back) and brings up the browser's own prompt
 * when the tab is closed; nothing is asked when nothing changed, after Cancel, or after saving.
 */
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
const city = (page: Page) => page.getByLabel('City');

/** Counts the browser's "leave site?" prompts, dismissing each (the tab stays). */
const watchUnloadPrompts = (page: Page) => {
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.dismiss();
  });
  return prompts;
};

test('the unsaved-changes prompt', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Manage your account' }).getByRole('link', { name: /Account Information/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const original = await city(page).inputValue();

  // Nothing changed yet: no question.
  const home = page.getByRole('banner').getByRole('link', { name: 'Home' });
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);

  // An edit, then a link: asked; staying keeps the edit and gives focus back to the link.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await city(page).fill('Nowhere Town');
  const back = page.getByRole('link', { name: 'Back to Dashboard' });
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(leaveDialog(page)).toBeVisible();
  await expect(leaveDialog(page)).toContainText(
    'You have changes to your account information that are not saved. If you leave this page, they will be lost.',
  );
  await leaveDialog(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expect(back).toBeFocused();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(city(page)).toHaveValue('Nowhere Town');

  // The header's Home link, and Esc: stays too.
  await home.click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/profile$/);

  // Closing or reloading the tab: the browser's own prompt (dismissed: the tab and the edit stay).
  const prompts = watchUnloadPrompts(page);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => prompts).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(city(page)).toHaveValue('Nowhere Town');

  // The browser's Back: asked; leaving goes, and the edit is gone.
  await page.goBack();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await leaveDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Account \d+$/ })).toBeVisible();

  // After Cancel: nothing asked, by the app or the browser.
  await page.goForward();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(city(page)).toHaveValue(original);
  await city(page).fill('Nowhere Town');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  expect(prompts).toEqual(['beforeunload']);

  // After saving: nothing asked. The saved value is put back afterwards.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await city(page).fill('Mississauga');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account details updated successfully!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await city(page).fill(original);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account details updated successfully!' })).toBeVisible();
  expect(prompts).toEqual(['beforeunload']);
});
