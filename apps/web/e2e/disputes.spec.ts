import { expect, test } from '@playwright/test';
import { Api, customerNoOf, type InvoiceListItem } from './support/api';
import { signIn } from './support/auth';

interface DisputeJson {
  id: number;
  status: string;
  amount: number;
  creditedAmount: number | null;
}

const DAY_MS = 86_400_000;

/**
 * The family user disputes a charge line of Noah Lee's newest invoice (a sub-account no other
 * journey pays or reads invoices of), support staff find it by Noah's account number on /admin/disputes, take
 * the dispute and resolve it with a credit, and the family user sees the invoice owe exactly that much less. The credit is a ledger entry
 * that stays (only this journey reads Noah's invoices).
 *
 * The e2e server seeds the demo data relative to its own clock: each account's newest invoice is posted at
 * 00:00 UTC on the 1st of the current month, so its billing date is at most 30 days old on every day of the
 * month but the 31st (the account's calendar may put the billing date on the last day of the previous month).
 */
test('a customer disputes a line, staff resolve it with a credit, the invoice owes less', async ({ browser, request }) => {
  const family = await Api.as(request, 'family');
  const noah = await family.accountNamed('Noah Lee');
  const [invoice] = (await family.postedInvoices(noah.accountId)) as (InvoiceListItem & { postedDate: string })[];
  expect(invoice, "Noah's account has a posted invoice").toBeTruthy();
  const age = (Date.now() - Date.parse(invoice!.postedDate)) / DAY_MS;
  expect(age, `invoice ${invoice!.invoiceNumber} was billed ${age.toFixed(1)} days ago: inside the terms' 30 days`).toBeLessThan(30);
  const owingBefore = invoice!.owing;
  expect(owingBefore, 'the invoice still owes at least the credit').toBeGreaterThanOrEqual(5);

  // The customer disputes the first charge line from the invoice's page: the card lists disputes, the dialog the charges.
  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  await signIn(page, 'family', { accountId: noah.accountId });
  await page.goto(`/invoices/${invoice!.id}`);
  const disputes = page.getByRole('region', { name: 'Charge disputes' });
  await expect(disputes.getByText('The terms say charge disputes must be raised within 30 days of the billing date.')).toBeVisible();
  await disputes.getByRole('button', { name: 'Dispute a charge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dispute this charge' });
  const charge = dialog.getByRole('combobox', { name: /^Charge/ });
  await expect(charge).toBeFocused();
  await dialog.getByRole('button', { name: 'Review dispute' }).click();
  await expect(dialog.getByText('Choose the charge you dispute.')).toBeVisible();
  await charge.selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Review dispute' }).click();
  await expect(dialog.getByText('Choose a reason.')).toBeVisible();
  await dialog.getByRole('combobox', { name: /Reason/ }).selectOption({ label: 'The amount is wrong' });
  await dialog.getByRole('textbox', { name: /Tell us more/ }).fill('Charged for a plan change I never asked for.');
  await dialog.getByRole('textbox', { name: /Amount disputed/ }).fill('5.00');
  await dialog.getByRole('button', { name: 'Review dispute' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send this dispute?' });
  await confirm.getByRole('button', { name: 'Send dispute' }).click();
  await expect(confirm).toBeHidden();
  await expect(disputes.getByText(/Your dispute was sent\./)).toBeVisible();
  const mine = disputes.getByRole('listitem').filter({ hasText: 'Charged for a plan change I never asked for.' });
  await expect(mine.getByText('Open', { exact: true })).toBeVisible();

  const { value } = await family.get<{ value: DisputeJson[] }>('/b/v1/Dispute/items', { dnfilter: `InvoiceId==${invoice!.id} && Status=="Open"` });
  const dispute = value.find((d) => d.amount === 5);
  expect(dispute, 'the new dispute is listed for its customer').toBeTruthy();

  // Support staff take it and resolve it with a credit of the disputed amount.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, 'staff');
  await staffPage.goto('/admin/disputes');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  // Narrowed to Noah's account by its number, the dispute names the customer, not an id.
  const search = staffPage.getByRole('search', { name: 'Disputes of one account' });
  await search.getByRole('textbox', { name: 'Account number' }).fill(customerNoOf(noah));
  await search.getByRole('button', { name: 'Filter' }).click();
  await expect(staffPage.getByText(new RegExp(`^\\d+ disputes? of account ${customerNoOf(noah)}$`))).toBeVisible();
  const item = staffPage.getByRole('article', { name: new RegExp(`^Dispute ${dispute!.id} · `) });
  await expect(item.getByText(`Account ${customerNoOf(noah)} · Noah Lee`, { exact: false })).toBeVisible();
  await expect(item.getByText(/Disputed .*5\.00 of a charge billed /)).toBeVisible();
  await item.getByRole('button', { name: `Take dispute ${dispute!.id}` }).click();
  await staffPage.getByRole('dialog', { name: 'Take this dispute?' }).getByRole('button', { name: 'Take' }).click();
  await expect(staffPage.getByText(`Dispute ${dispute!.id} is under review by you.`)).toBeVisible();
  await item.getByRole('button', { name: `Resolve dispute ${dispute!.id} with a credit` }).click();
  const resolve = staffPage.getByRole('dialog', { name: 'Resolve with a credit' });
  await expect(resolve.getByRole('textbox', { name: /Credit/ })).toHaveValue('5.00');
  await resolve.getByRole('button', { name: /^Credit / }).click();
  await expect(staffPage.getByText(new RegExp(`Dispute ${dispute!.id} is resolved with a credit of `))).toBeVisible();
  await staffContext.close();

  // The customer sees the outcome and the invoice owing exactly 5.00 less.
  await page.reload();
  await expect(mine.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(mine.getByText(/^Credited /)).toBeVisible();
  const after = (await family.postedInvoices(noah.accountId)).find((i) => i.id === invoice!.id)!;
  expect(Math.round(after.owing * 100)).toBe(Math.round(owingBefore * 100) - 500);
  await expect(page.getByTestId('amount-due')).toContainText(after.owing.toFixed(2));
  await customerContext.close();
});
