import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { todayIn } from '@portal/contract';
import { Api, formatMoney, scopedAccounts, type InvoiceListItem } from './support/api';
import { signIn } from './support/auth';
import { pdfText } from './support/pdf-text';

/**
 * The customer downloads a successful payment's receipt from Payment History, and a
 * statement of account (PDF and CSV) from Invoices, and both say what the ledger says. Reads only.
 */

/** The demo customer lives in Ontario: the statement's days are Toronto's. */
const TODAY = () => todayIn('America/Toronto', new Date());
/** The first day a statement ending today may start on (5 years, both days included). */
const FIVE_YEARS_BACK = () => {
  const [year, month, day] = TODAY().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year - 5, month - 1, day + 1)).toISOString().slice(0, 10);
};

let api: Api;
let accountId: number;
let posted: InvoiceListItem[];

test.beforeEach(async ({ page }) => {
  api = await Api.as(page.request, 'customer');
  accountId = scopedAccounts(api.token)[0]!;
  posted = await api.postedInvoices(accountId);
  await signIn(page, 'customer');
});

const saved = async (download: Download): Promise<Buffer> => readFile((await download.path())!);

test('a successful payment’s receipt downloads from Payment History, with its amount, card and the invoices it paid', async ({
  page,
}) => {
  const home = await api.homeModel(accountId);
  await page.goto('/payments');
  // A list at 1280 px: the table does not fit its half-width card.
  const history = page.getByRole('list', { name: 'Payment History' });
  const receipts = history.getByRole('button', { name: /^Download receipt for the payment of / });
  // One per successful payment among the rows shown (the newest 10), and none for the others.
  const shown = home.recentPayments.slice(0, 10);
  await expect(receipts).toHaveCount(shown.filter((p) => p.status === 'Successful').length);

  const [download] = await Promise.all([page.waitForEvent('download'), receipts.first().click()]);
  // Named by its receipt number, never by the payment's internal id.
  const receiptNumber = /^Receipt-(R-\d{7})\.pdf$/.exec(download.suggestedFilename())?.[1];
  expect(receiptNumber, download.suggestedFilename()).toBeDefined();
  // The first receipt button is the newest successful payment's row.
  const payment = shown.find((p) => p.status === 'Successful');
  await expect(receipts.first()).toHaveAccessibleName(
    new RegExp(`of ${formatMoney(payment!.amount, 'CAD').replace('$', '\\$')} on `),
  );

  const bytes = await saved(download);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(bytes);
  for (const expected of [
    'RECEIPT',
    'Receipt number',
    receiptNumber!,
    'AMOUNT PAID',
    formatMoney(payment!.amount, 'CAD'),
    'Invoices paid',
    'Total applied',
    'Balance remaining after this payment',
  ]) {
    expect(text, expected).toContain(expected);
  }
  expect(
    posted.some((invoice) => text.includes(invoice.invoiceNumber)),
    'names an invoice it paid',
  ).toBe(true);
  expect(text).toMatch(/(Visa|Mastercard|American Express) ending in \d{4}/);
});

const openStatementDialog = async (page: Page) => {
  await page.goto('/invoices');
  const opener = page.getByRole('button', { name: 'Statement' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Statement of account' });
  await expect(dialog).toBeVisible();
  return { opener, dialog };
};

const downloadStatement = async (page: Page, from: string, to: string, format: 'PDF' | 'CSV') => {
  const { opener, dialog } = await openStatementDialog(page);
  await dialog.getByLabel(/^From/).fill(from);
  await dialog.getByLabel(/^To/).fill(to);
  await dialog.getByRole('radio', { name: new RegExp(format) }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  await expect(dialog).toBeHidden();
  await expect(opener, 'focus back on the opener').toBeFocused();
  return download;
};

test('the statement dialog refuses a reversed or too long period, and downloads nothing', async ({ page }) => {
  const { dialog } = await openStatementDialog(page);
  await dialog.getByLabel(/^From/).fill('2025-02-01');
  await dialog.getByLabel(/^To/).fill('2025-01-31');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByLabel(/^From/)).toHaveAccessibleDescription('The start date must be on or before the end date.');
  await expect(dialog.getByLabel(/^From/)).toBeFocused();
  await dialog.getByLabel(/^From/).fill('2019-01-01');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByLabel(/^To/)).toHaveAccessibleDescription(
    'A statement covers at most 5 years. Choose a shorter period.',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Statement' })).toBeFocused();
});

test('the statement CSV lists every invoice of the period, and its balances add up to what the account owes today', async ({
  page,
}) => {
  const from = FIVE_YEARS_BACK();
  const to = TODAY();
  const download = await downloadStatement(page, from, to, 'CSV');
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Statement-\\d+-${from}-to-${to}\\.csv$`));
  const csv = (await saved(download)).toString('utf8');
  expect(csv.startsWith('\uFEFFDate,Type,Reference,Description,Charges,Payments and credits,Balance\n')).toBe(true);
  const rows = csv
    .slice(1)
    .trim()
    .split('\n')
    .slice(1)
    // Descriptions may hold quoted commas: the amounts are the last three fields.
    .map((line) => ({ type: line.split(',')[1]!, reference: line.split(',')[2]!, amounts: line.split(',').slice(-3) }));
  const cents = (text: string | undefined) => (text ? Math.round(Number(text) * 100) : 0);
  const opening = cents(rows[0]!.amounts[2]);
  const closing = rows.at(-1)!;
  expect(rows[0]!.type).toBe('Opening balance');
  expect(closing.type).toBe('Closing balance');
  expect(opening, 'nothing before the demo data').toBe(0);

  const invoices = rows.filter((r) => r.type === 'Invoice');
  expect(invoices.map((r) => r.reference).sort()).toEqual(posted.map((i) => i.invoiceNumber).sort());
  const charged = invoices.reduce((sum, r) => sum + cents(r.amounts[0]), 0);
  const paidAndCredited = rows
    .filter((r) => r.type === 'Payment' || r.type === 'Credit')
    .reduce((sum, r) => sum + cents(r.amounts[1]), 0);
  expect(opening + charged - paidAndCredited).toBe(cents(closing.amounts[2]));
  expect(cents(closing.amounts[0])).toBe(charged);

  // What the dashboard says is owed (the home model's balance, negative = owing).
  const home = await api.homeModel(accountId);
  expect(cents(closing.amounts[2])).toBe(-Math.round(home.balances[0]!.amount * 100));
});

test('the statement PDF shows the period, the summary and the closing balance the CSV has', async ({ page }) => {
  const from = FIVE_YEARS_BACK();
  const to = TODAY();
  const download = await downloadStatement(page, from, to, 'PDF');
  expect(download.suggestedFilename()).toMatch(/^Statement-\d+-.*\.pdf$/);
  const text = pdfText(await saved(download));
  const home = await api.homeModel(accountId);
  for (const expected of [
    'STATEMENT',
    'SUMMARY',
    'Opening balance',
    'Closing balance',
    'Account activity',
    formatMoney(-home.balances[0]!.amount, 'CAD'),
  ]) {
    expect(text, expected).toContain(expected);
  }
  expect(text).toContain(`Invoice ${posted[0]!.invoiceNumber}`);
});
