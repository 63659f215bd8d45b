import { expect, test } from '@playwright/test';
import { Api } from './support/api';
import { signIn } from './support/auth';

/**
 * What support staff do for a customer shows in the customer's own account history. Staff
 * turn the family parent's automatic payments off and back on (its demo state); the family user then finds
 * both changes under "Account activity" on Account Information, each marked "Support staff" with the name.
 */
test("staff changes show in the customer's account activity as made by support staff", async ({ browser, request }) => {
  const family = await Api.as(request, 'family');
  const parent = await family.accountNamed('Jordan Lee');
  const details = () => family.get<{ account: { paymentMethod: string } }>(`/b/v1/Account/details/${parent.accountId}`);
  expect((await details()).account.paymentMethod, 'the family parent starts with automatic payments on').toBe('Credit Card');

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, 'staff', { accountId: parent.accountId });
  await staffPage.goto('/payments');
  const toggle = staffPage.getByRole('region', { name: 'Automatic Payments' }).getByRole('switch', { name: 'Automatic payments' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await staffPage.getByRole('dialog', { name: 'Turn off automatic payments?' }).getByRole('button', { name: 'Turn off' }).click();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const setup = staffPage.getByRole('dialog', { name: 'Setup Automatic Payments' });
  await setup.getByRole('button', { name: 'Save' }).click();
  await expect(setup).toBeHidden();
  await expect(toggle).toBeChecked();
  const staffName = await staffPage.evaluate(() => {
    const token = window.localStorage.getItem('token')!;
    return (JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { name: string }).name;
  });
  await staffContext.close();
  expect((await details()).account.paymentMethod).toBe('Credit Card');

  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  await signIn(page, 'family', { accountId: parent.accountId });
  await page.goto('/profile');
  const activity = page.getByRole('region', { name: 'Account activity' });
  const items = activity.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  for (const [index, what] of [
    [0, 'Automatic payments set up with'],
    [1, 'Automatic payments turned off'],
  ] as const) {
    await expect(items.nth(index)).toContainText(what);
    await expect(items.nth(index).getByText('Support staff', { exact: true })).toBeVisible();
    await expect(items.nth(index).getByText(staffName, { exact: true })).toBeVisible();
  }
  await customerContext.close();
});
