import { expect, test, type Page } from '@playwright/test';
import { endpoints, pathFor } from '@portal/contract';
import { Api, customerNoOf } from './support/api';
import { accountHeading, loginViaUi } from './support/auth';

/**
 * Journey 9 (docs/decisions/0005-security-model.md: Staff reach every account and their selector searches
 * the server): a staff member logs in, searches for an account, opens it, and switches to a sub-account of
 * another business.
 */
const openSelector = async (page: Page) => {
  await page.getByRole('button', { name: /^Account\b/ }).click();
  const panel = page.getByRole('dialog', { name: 'Search accounts' });
  await expect(panel).toBeVisible();
  return panel;
};

/** Types into the selector's search box and waits for the server search that the text triggers. */
const searchAccounts = async (page: Page, text: string) => {
  const panel = await openSelector(page);
  const searched = page.waitForRequest((r) => r.url().includes('/b/v1/Search') && new URL(r.url()).searchParams.get('search') === text);
  await panel.getByRole('combobox', { name: 'Search accounts' }).fill(text);
  await searched;
  return panel;
};

test('staff search the server for accounts and switch between them', async ({ page, request }) => {
  const api = await Api.as(request, 'staff');
  const alex = await api.accountNamed('Alex Martin');
  const fleet = await api.accountNamed('Northwind Logistics - Fleet');
  const northwind = await api.accountNamed('Northwind Logistics Inc.');
  expect(fleet.parentId).toBe(northwind.accountId);

  await loginViaUi(page, 'staff');
  // Staff have no account of their own: the dashboard asks them to choose one.
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();

  // The list comes from the server as the staff member types.
  let panel = await searchAccounts(page, 'Alex');
  const alexOption = panel.getByRole('option', { name: new RegExp(`^${alex.listName.replace(/[()]/g, '\\$&')}`) });
  await expect(alexOption).toBeVisible();
  await alexOption.click();
  await expect(panel).toBeHidden();
  await expect(accountHeading(page, customerNoOf(alex))).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account\b/ })).toContainText(alex.listName);
  // Every screen says whose account staff are acting on.
  const banner = page.getByRole('note').filter({ hasText: `Viewing account ${customerNoOf(alex)} as Staff` });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Alex Martin');
  // The choice is saved and survives a reload.
  expect(await page.evaluate(() => window.localStorage.getItem('currentAccountId'))).toBe(String(alex.accountId));
  await page.reload();
  await expect(accountHeading(page, customerNoOf(alex))).toBeVisible();

  // Sub-accounts are grouped under "{parent} (Sub-Accounts)", the parent's number after a comma, not in a second pair
  // of parentheses.
  panel = await searchAccounts(page, 'Northwind');
  expect(northwind.listName).toBe(`Northwind Logistics Inc. (${customerNoOf(northwind)})`);
  const group = panel.getByRole('group', { name: `Northwind Logistics Inc., ${customerNoOf(northwind)} (Sub-Accounts)` });
  await expect(group).toBeVisible();
  await expect(group.getByRole('option')).toHaveCount(2);
  await expect(panel.getByRole('option', { name: new RegExp(`^${northwind.listName.replace(/[().]/g, '\\$&')}`) })).toBeVisible();
  await group.getByRole('option', { name: /Fleet/ }).click();
  await expect(accountHeading(page, customerNoOf(fleet))).toBeVisible();

  // The data follows the account: the invoices are the Fleet account's.
  const [latest] = await api.postedInvoices(fleet.accountId);
  await page.goto('/invoices');
  await expect(page.getByRole('table', { name: 'Invoices' }).getByRole('rowheader').first()).toHaveText(latest!.invoiceNumber);
  await expect(page.getByRole('note').filter({ hasText: `Viewing account ${customerNoOf(fleet)} as Staff` })).toBeVisible();

  // Keyboard: arrow down and Enter pick an account too.
  panel = await searchAccounts(page, 'Alex Martin');
  const box = panel.getByRole('combobox', { name: 'Search accounts' });
  await expect(panel.getByRole('option')).toHaveCount(1);
  await box.press('Enter');
  await expect(panel).toBeHidden();
  await page.goto('/');
  await expect(accountHeading(page, customerNoOf(alex))).toBeVisible();
});

test('staff find the demo customer from the selector by email, by phone written another way, and by invoice number', async ({ page, request }) => {
  const api = await Api.as(request, 'staff');
  const alex = await api.accountNamed('Alex Martin');
  const details = await api.get<{ account: { invoiceEmailAddress: string }; contacts: { primaryPhone: string | null }[] }>(
    pathFor(endpoints.accountDetails, { accountId: alex.accountId }),
  );
  const phone = details.contacts.map((c) => c.primaryPhone).find((p): p is string => Boolean(p && /^\+1\d{10}$/.test(p)))!;
  expect(phone, 'the demo customer has a North American phone').toBeTruthy();
  const [n, area, exchange, line] = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone)!;
  expect(n).toBe(phone);
  const [invoice] = await api.postedInvoices(alex.accountId);
  const optionName = new RegExp(`^${alex.listName.replace(/[().]/g, '\\$&')}`);

  await loginViaUi(page, 'staff');
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  const searches: [string, string][] = [
    [details.account.invoiceEmailAddress.toUpperCase(), `Invoice email: ${details.account.invoiceEmailAddress}`],
    [`${area}-${exchange}-${line}`, `Phone: (${area}) ${exchange}-${line}`],
    [`(${area}) ${exchange} ${line}`, `Phone: (${area}) ${exchange}-${line}`],
    [invoice!.invoiceNumber, `Invoice ${invoice!.invoiceNumber}`],
  ];
  for (const [text, matched] of searches) {
    const panel = await searchAccounts(page, text);
    const option = panel.getByRole('option', { name: optionName });
    await expect(option, text).toContainText(matched);
    await expect(panel.getByRole('option').first(), `${text}: the best match comes first`).toContainText(alex.listName);
    await expect(panel.getByText(/#\d/)).toHaveCount(0);
    if (text === invoice!.invoiceNumber) await option.click();
    else await page.keyboard.press('Escape');
  }
  await expect(accountHeading(page, customerNoOf(alex))).toBeVisible();
});
