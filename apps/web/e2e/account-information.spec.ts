import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/auth';

/**
 * Journey 8: the customer edits the billing contact's phone
 * and the billing address's city, saves, sees the success message (gone after 4 seconds) and the new values;
 * Cancel restores the saved values. The original values are saved back at the end.
 */
const termValue = (section: Locator, label: string) =>
  section.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
const contact = (page: Page) => page.getByRole('region', { name: 'Billing Contact' });
const address = (page: Page) => page.getByRole('region', { name: 'Billing Address' });

const NEW_PHONE = '+1 (647) 555-0188';
// Stored E.164, shown in the national form of the address's country.
const NEW_PHONE_SHOWN = '(647) 555-0188';
const NEW_CITY = 'Mississauga';

const editAndSave = async (page: Page, values: { phone: string; shownPhone: string; city: string }) => {
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Phone Number').fill(values.phone);
  await page.getByLabel('City').fill(values.city);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const success = page.getByRole('status').filter({ hasText: 'Account details updated successfully!' });
  await expect(success).toBeVisible();
  await expect(success).toContainText('Success:');
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(termValue(contact(page), 'Phone Number')).toHaveText(values.shownPhone);
  await expect(termValue(address(page), 'City')).toHaveText(values.city);
  return success;
};

test('edit and save the billing contact phone and city; Cancel restores', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Manage your account' })
    .getByRole('link', { name: /Account Information/ })
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Information' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');

  // View mode: the spec's three sections.
  const details = page.getByRole('region', { name: 'Account Details' });
  await expect(termValue(details, 'Account Number')).toHaveText(/^\d+$/);
  await expect(termValue(details, 'Account Name')).toHaveText('Alex Martin');
  await expect(termValue(details, 'Language Preference')).toHaveText('English');
  const originalPhone = (await termValue(contact(page), 'Phone Number').textContent())!.trim();
  const originalCity = (await termValue(address(page), 'City').textContent())!.trim();
  expect(originalPhone).not.toBe(NEW_PHONE);
  expect(originalCity).not.toBe(NEW_CITY);

  // Edit mode: account number, name and type are read-only; email and phone inputs have the right types.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  for (const label of ['Account Number', 'Account Name', 'Account Type']) {
    const field = page.getByLabel(new RegExp(`^${label}`));
    await expect(field).toHaveAccessibleName(/read-only/);
    await expect(field).not.toBeEditable();
  }
  await expect(page.getByLabel('Invoice Email Address')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Email Address', { exact: true })).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Phone Number')).toHaveAttribute('type', 'tel');
  await expect(page.getByRole('combobox', { name: 'Language Preference' }).getByRole('option')).toHaveText(['English', 'French']);

  // Cancel restores the saved values.
  await page.getByLabel('City').fill('Nowhere Town');
  await page.getByLabel('Phone Number').fill('+1 555 555 0000');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(termValue(address(page), 'City')).toHaveText(originalCity);
  await expect(termValue(contact(page), 'Phone Number')).toHaveText(originalPhone);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('City')).toHaveValue(originalCity);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Save: success banner, view mode with the new values, kept after a reload and shown on the dashboard.
  const success = await editAndSave(page, { phone: NEW_PHONE, shownPhone: NEW_PHONE_SHOWN, city: NEW_CITY });
  // The success message disappears after 4 seconds.
  await expect(success).toBeHidden({ timeout: 8_000 });
  await page.reload();
  await expect(termValue(contact(page), 'Phone Number')).toHaveText(NEW_PHONE_SHOWN);
  await expect(termValue(address(page), 'City')).toHaveText(NEW_CITY);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const panel = page.getByRole('region', { name: 'Account details' });
  await expect(panel).toContainText(NEW_PHONE_SHOWN);
  await expect(panel).toContainText(NEW_CITY);
  await page.goto('/profile');

  // Put the demo values back.
  await editAndSave(page, { phone: originalPhone, shownPhone: originalPhone, city: originalCity });
});

test('a bad address and contact show each message beside its field, and nothing is saved', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/profile');
  // Names, not codes.
  await expect(termValue(address(page), 'Country')).toHaveText('Canada');
  await expect(termValue(address(page), 'Province / State')).toHaveText('Ontario');
  const originalCity = (await termValue(address(page), 'City').textContent())!.trim();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('First Name').fill('   ');
  await page.getByLabel('Street Name').fill('');
  await page.getByLabel('City').fill('Somewhere');
  await page.getByLabel('Postal / Zip Code').fill('99999999999');
  await page.getByLabel('Phone Number').fill('12');
  const country = page.getByRole('combobox', { name: 'Country' });
  await expect(country).toHaveValue('CA');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByLabel('First Name')).toHaveAccessibleDescription('This field is required.');
  await expect(page.getByLabel('Street Name')).toHaveAccessibleDescription('This field is required.');
  await expect(page.getByLabel('Postal / Zip Code')).toHaveAccessibleDescription('Please enter a valid postal or zip code.');
  await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription('Please enter a valid phone number.');
  await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');

  // Another country brings its own list of states.
  await country.selectOption({ label: 'United States' });
  await expect(page.getByRole('combobox', { name: 'Province / State' }).getByRole('option', { name: 'New York' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(termValue(address(page), 'City')).toHaveText(originalCity);
  await expect(termValue(address(page), 'Country')).toHaveText('Canada');
});
