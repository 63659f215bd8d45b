import { expect, test, type Page } from '@playwright/test';
import { Api } from './support/api';
import { formatMoney, scopedAccounts } from './support/api';
import { signIn } from './support/auth';
import { formatViolations, scanPage } from './support/axe';

/**
 * Journey 7 (docs/decisions/0006-where-the-spec-is-wrong.md: turning it on opens "Setup
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

  // The spec's defaults: due date (recommended), full balance, the default card; expired cards hidden.
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

interface PreviewInputs {
  preview: { today: string; openInvoices: { dueDate: string; amount: number }[] };
  schedule: { includeOverdue: boolean } | null;
  nextRunDate: string | null;
}

/**
 * Turning automatic payments on over overdue invoices (the demo customer: a balance owing, some of it past
 * due, autopay off): before Save the dialog says what is charged, when and to which card, in English and in
 * French; the customer leaves the overdue amount out, so nothing is charged today. Left off again after.
 */
test('turning automatic payments on says what it will charge, and can leave the overdue amount out', async ({ page, request }) => {
  const api = await Api.as(request, 'customer');
  const accountId = scopedAccounts(api.token)[0]!;
  const inputs = await api.get<PreviewInputs>(`/b/v1/Account/${accountId}/autopay`);
  const overdue = inputs.preview.openInvoices.filter((i) => i.dueDate < inputs.preview.today);
  expect(overdue.length, 'the customer has overdue invoices').toBeGreaterThan(1);
  const overdueCents = overdue.reduce((sum, i) => sum + Math.round(i.amount * 100), 0);
  const amount = formatMoney(overdueCents / 100, 'CAD');
  const paymentsBefore = (await api.homeModel(accountId)).recentPayments.length;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'customer');
  await page.goto('/payments');
  await expect(autopaySwitch(page)).not.toBeChecked();
  await autopaySwitch(page).click();
  const dialog = page.getByRole('dialog', { name: 'Setup Automatic Payments' });
  const charged = dialog.getByRole('region', { name: 'What will be charged' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(charged).toContainText(`${amount} for ${overdue.length} overdue invoices today, then each bill on its due date, to Visa •••• 4242.`);
  await expect(save).toHaveAccessibleDescription(/overdue invoices today/);
  // Save stays in view at 900 px high, however long the form.
  await expect(save).toBeInViewport();
  const violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);

  await dialog.getByRole('radio', { name: /Leave the overdue amount out/ }).check();
  await expect(charged).toContainText(`The overdue ${amount} (${overdue.length} invoices) is not charged`);
  await expect(charged).not.toContainText('overdue invoices today');
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(autopaySwitch(page)).toBeChecked();

  try {
    const saved = await api.get<PreviewInputs>(`/b/v1/Account/${accountId}/autopay`);
    expect(saved.schedule).toMatchObject({ includeOverdue: false });
    expect(saved.nextRunDate === null || saved.nextRunDate > inputs.preview.today, 'nothing is charged today').toBe(true);
    expect((await api.homeModel(accountId)).recentPayments).toHaveLength(paymentsBefore);

    // The same dialog in French, starting from the saved choice.
    await page.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    await page.goto('/payments');
    await page.getByRole('region', { name: 'Paiements automatiques' }).getByRole('button', { name: /Modifier/ }).click();
    const fr = page.getByRole('dialog', { name: 'Configurer les paiements automatiques' });
    await expect(fr.getByRole('radio', { name: /Laisser de côté le montant en retard/ })).toBeChecked();
    await expect(fr.getByRole('region', { name: 'Ce qui sera débité' })).toContainText('n’est pas débité');
    const frViolations = await scanPage(page);
    expect(frViolations, formatViolations(frViolations)).toEqual([]);
    await fr.getByRole('button', { name: 'Annuler' }).click();
  } finally {
    await api.raw('POST', '/b/v1/Account/update-default-payment-method', { accountId, paymentMethod: 'Credit Card (Manual)' });
  }
});
