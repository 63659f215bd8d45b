import { expect, test, type Page } from '@playwright/test';
import { Api } from './support/api';
import { signIn } from './support/auth';

/**
 * Journey 7 (spec §2 Automatic Payments, §4, §5 setup dialog; decisions §5: turning it on opens "Setup
 * Automatic Payments" and the schedule is saved). Uses the family parent account (autopay on, nothing owing in
 * the demo data, so the autopay job has nothing to charge) and leaves it in the state it found it.
 */
const autopayRegion = (page: Page) => page.getByRole('region', { name: 'Automatic Payments' });
const autopaySwitch = (page: Page) => autopayRegion(page).getByRole('switch', { name: 'Automatic payments' });

const turnOff = async (page: Page) => {
  await autopaySwitch(page).click();
  const confirm = page.getByRole('dialog', { name: 'Turn off automatic payments?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Turn off' }).click();
  await expect(confirm).toBeHidden();
  await expect(autopaySwitch(page)).not.toBeChecked();
  await expect(autopayRegion(page).getByText('Disabled', { exact: true })).toBeVisible();
};

const turnOn = async (page: Page) => {
  await autopaySwitch(page).click();
  const dialog = page.getByRole('dialog', { name: 'Setup Automatic Payments' });
  await expect(dialog).toBeVisible();
  // The switch only changes once the schedule is saved (the modal hides the page from assistive technology).
  await expect(page.getByRole('switch', { name: 'Automatic payments', includeHidden: true })).not.toBeChecked();

  // Spec §5 defaults: due date (recommended), full balance, the default card; expired cards hidden.
  await expect(dialog.getByRole('radio', { name: /On the invoice due date/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /Monthly on the 15th/ })).not.toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Full balance/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();

  // A fixed amount defaults to 100 and must be above zero.
  await dialog.getByRole('radio', { name: /^Fixed amount/ }).check();
  const fixed = dialog.getByRole('spinbutton', { name: /Fixed amount/ });
  await expect(fixed).toHaveValue('100');
  await fixed.fill('');
  await expect(dialog.getByText('Please enter a valid amount', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Please enter a valid payment amount.');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('radio', { name: /^Full balance/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(autopaySwitch(page)).toBeChecked();
  await expect(autopayRegion(page).getByText('Enabled', { exact: true })).toBeVisible();
};

test('turn automatic payments off and on through the Setup Automatic Payments dialog', async ({ page, request }) => {
  const api = await Api.as(request, 'family');
  const parent = await api.accountNamed('Jordan Lee');
  const details = () => api.get<{ account: { paymentMethod: string } }>(`/b/v1/Account/details/${parent.accountId}`);
  const wasOn = (await details()).account.paymentMethod === 'Credit Card';

  await signIn(page, 'family', { accountId: parent.accountId });
  await page.goto('/payments');
  await expect(autopaySwitch(page)).toBeChecked({ checked: wasOn });

  const checkOff = async () => {
    expect((await details()).account.paymentMethod).toBe('Credit Card (Manual)');
    await page.goto('/');
    await expect(page.getByText('Pre-authorized payments enabled')).toHaveCount(0);
    await page.goto('/payments');
  };
  const checkOn = async () => {
    expect((await details()).account.paymentMethod).toBe('Credit Card');
    const schedule = await api.get<{ schedule: { frequency: string; amountType: string } | null }>(
      `/b/v1/Account/${parent.accountId}/autopay`,
    );
    expect(schedule.schedule).toMatchObject({ frequency: 'dueDate', amountType: 'full' });
    await page.goto('/');
    await expect(page.getByText('Pre-authorized payments enabled')).toBeVisible();
    await page.goto('/payments');
  };

  // Off then on when it starts on (the demo data); on then off otherwise: the end state is the start state.
  if (wasOn) {
    await turnOff(page);
    await checkOff();
    await turnOn(page);
    await checkOn();
  } else {
    await turnOn(page);
    await checkOn();
    await turnOff(page);
    await checkOff();
  }
});

test('the switch is disabled with a reason when there is no saved card', async ({ page, request }) => {
  const api = await Api.as(request, 'francais');
  const [account] = await api.accountNames();
  const cards = await api.paymentMethods(account!.accountId);
  expect(cards, 'the French demo account keeps no card').toHaveLength(0);

  await signIn(page, 'francais');
  // Read in English: the saved language choice wins over the account's French preference.
  await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
  await page.goto('/payments');
  await expect(autopaySwitch(page)).toBeDisabled();
  await expect(autopaySwitch(page)).toHaveAccessibleDescription('Add a payment method first');
});
