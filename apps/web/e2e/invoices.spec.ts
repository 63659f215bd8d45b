import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { invoiceStatus, todayIn } from '@portal/contract';
import { Api, formatMoney, scopedAccounts, type InvoiceListItem } from './support/api';
import { signIn } from './support/auth';
import { isRed } from './support/page';

/**
 * Journey 3: the customer
 * browses, filters by period, searches, pages through and opens invoices, and downloads the PDF and CDRs.
 */
const PAGE_SIZE = 10;

const invoiceTable = (page: Page) => page.getByRole('table', { name: 'Invoices' });
/** Data rows of the table (the header row has column headers only). */
const dataRows = (page: Page) =>
  invoiceTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
/** The polite status line "30 invoices, page 1 of 3". */
const resultsStatus = (page: Page) => page.getByRole('status').filter({ hasText: /invoices?, page/ });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Invoice pages' });
/** The value of a `<dt>label</dt><dd>value</dd>` pair in a section. */
const termValue = (section: Locator, label: string) =>
  section.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

let posted: InvoiceListItem[];

/** The demo customer lives in Ontario: its invoices turn Overdue at Toronto's midnight. */
const TODAY = () => todayIn('America/Toronto', new Date());
const STATUS_TEXT = {
  Paid: 'Paid',
  Credited: 'Credited',
  PartiallyPaid: 'Partially paid',
  PartiallyCredited: 'Partially credited',
  Overdue: 'Overdue',
  Unpaid: 'Unpaid',
} as const;
const statusText = (invoice: InvoiceListItem) => STATUS_TEXT[invoiceStatus(invoice, TODAY())];

test.beforeAll(async ({ request }) => {
  const api = await Api.as(request, 'customer');
  posted = await api.postedInvoices(scopedAccounts(api.token)[0]!);
  expect(posted.length, 'the demo customer has 30+ posted invoices').toBeGreaterThanOrEqual(30);
});

test.beforeEach(async ({ page }) => {
  await signIn(page, 'customer');
});

test('the list shows the spec columns, 10 posted invoices a page, newest first, and pages with page numbers', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Manage your account' })
    .getByRole('link', { name: /Invoices & Billing/ })
    .click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices & Billing' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');

  for (const column of ['Invoice #', 'Period', 'Due Date', 'Amount', 'Status', 'Actions']) {
    await expect(invoiceTable(page).getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(dataRows(page)).toHaveCount(PAGE_SIZE);
  await expect(dataRows(page).first().getByRole('rowheader')).toHaveText(posted[0]!.invoiceNumber);
  // Only posted invoices are listed (the draft never shows): the count is the posted count.
  await expect(resultsStatus(page)).toHaveText(`${posted.length} invoices, page 1 of ${Math.ceil(posted.length / PAGE_SIZE)}`);

  // Status: the contract's rule (Paid, Partially paid, Overdue, Unpaid).
  const first = dataRows(page).first();
  await expect(first.getByRole('cell').filter({ hasText: statusText(posted[0]!) })).toBeVisible();
  await expect(first.getByRole('cell').filter({ hasText: formatMoney(posted[0]!.amount, posted[0]!.currency) })).toBeVisible();

  // Pagination: Previous / page numbers / Next; all pages shown when there are 7 or fewer.
  const pages = Math.ceil(posted.length / PAGE_SIZE);
  const nav = pagination(page);
  await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(nav.getByRole('button', { name: 'Page 1, current page' })).toHaveAttribute('aria-current', 'page');
  for (let n = 2; n <= Math.min(pages, 7); n += 1)
    await expect(nav.getByRole('button', { name: `Page ${n}`, exact: true })).toBeVisible();

  await nav.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(dataRows(page).first().getByRole('rowheader')).toHaveText(posted[PAGE_SIZE]!.invoiceNumber);
  await expect(nav.getByRole('button', { name: 'Page 2, current page' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Previous' })).toBeEnabled();

  // The page lives in the URL: a reload keeps it.
  await page.reload();
  await expect(dataRows(page).first().getByRole('rowheader')).toHaveText(posted[PAGE_SIZE]!.invoiceNumber);

  await pagination(page).getByRole('button', { name: 'Next' }).click();
  await expect(dataRows(page).first().getByRole('rowheader')).toHaveText(posted[2 * PAGE_SIZE]!.invoiceNumber);
  if (pages === 3) {
    await expect(pagination(page).getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(dataRows(page)).toHaveCount(posted.length - 2 * PAGE_SIZE);
  }
  await pagination(page).getByRole('button', { name: 'Previous' }).click();
  await expect(dataRows(page).first().getByRole('rowheader')).toHaveText(posted[PAGE_SIZE]!.invoiceNumber);
});

/** Picks a period and returns the `EndDate>=` date the list asked the service for. */
const selectPeriod = async (page: Page, label: string, monthsBack: number): Promise<string> => {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/b/v1/Invoice/items') && decodeURIComponent(r.url()).includes('EndDate>='),
  );
  await page.getByRole('combobox', { name: 'Period' }).selectOption({ label });
  const dnfilter = new URL((await answer).url()).searchParams.get('dnfilter') ?? '';
  const since = /EndDate>=(\d{4}-\d{2}-\d{2})/.exec(dnfilter)?.[1];
  expect(since, `an EndDate>= clause in "${dnfilter}"`).toBeTruthy();
  const expected = new Date();
  expected.setMonth(expected.getMonth() - monthsBack);
  expect(Math.abs(new Date(since!).getTime() - expected.getTime()), `${since} is about ${monthsBack} months back`).toBeLessThan(
    4 * 86_400_000,
  );
  return since!;
};

test('the period filter asks for invoices ending within the period and shows only those', async ({ page }) => {
  await page.goto('/invoices');
  await expect(dataRows(page)).toHaveCount(PAGE_SIZE);
  const options = await page.getByRole('combobox', { name: 'Period' }).getByRole('option').allTextContents();
  expect(options).toEqual(['All Time', 'Last 3 Months', 'Last 6 Months', 'Last Year']);

  const since3 = await selectPeriod(page, 'Last 3 Months', 3);
  const expected3 = posted.filter((invoice) => invoice.endDate >= since3);
  expect(expected3.length).toBeGreaterThan(0);
  await expect(dataRows(page)).toHaveCount(expected3.length);
  await expect(dataRows(page).getByRole('rowheader')).toHaveText(expected3.map((invoice) => invoice.invoiceNumber));
  await expect(pagination(page)).toHaveCount(0);

  const since6 = await selectPeriod(page, 'Last 6 Months', 6);
  const expected6 = posted.filter((invoice) => invoice.endDate >= since6);
  await expect(dataRows(page).getByRole('rowheader')).toHaveText(expected6.map((invoice) => invoice.invoiceNumber));

  const since12 = await selectPeriod(page, 'Last Year', 12);
  const expected12 = posted.filter((invoice) => invoice.endDate >= since12);
  await expect(resultsStatus(page)).toHaveText(
    `${expected12.length} invoices, page 1 of ${Math.ceil(expected12.length / PAGE_SIZE)}`,
  );

  await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'All Time' });
  await expect(resultsStatus(page)).toHaveText(`${posted.length} invoices, page 1 of ${Math.ceil(posted.length / PAGE_SIZE)}`);
});

test('search finds invoices by number and says when nothing matches', async ({ page }) => {
  await page.goto('/invoices');
  const search = page.getByPlaceholder('Search invoices...');
  await expect(search).toHaveAccessibleName('Search invoices');

  const target = posted[12]!;
  await search.fill(target.invoiceNumber);
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page).getByRole('rowheader')).toHaveText(target.invoiceNumber);

  // A partial number matches every invoice that contains it.
  const partial = target.invoiceNumber.slice(0, -1);
  const matching = posted.filter((invoice) => invoice.invoiceNumber.includes(partial));
  await search.fill(partial);
  await expect(dataRows(page)).toHaveCount(Math.min(matching.length, PAGE_SIZE));

  await search.fill('ZZ-NO-SUCH-INVOICE');
  await expect(page.getByText('No invoices found matching "ZZ-NO-SUCH-INVOICE"')).toBeVisible();
  await expect(invoiceTable(page)).toHaveCount(0);

  await search.fill('');
  await expect(dataRows(page)).toHaveCount(PAGE_SIZE);
});

test('an invoice opens with its number, Billing To and Invoice Summary; a paid one shows its payments', async ({ page }) => {
  const paid = posted.find((invoice, index) => index >= PAGE_SIZE && invoice.owing === 0);
  expect(paid, 'a paid invoice on page 2').toBeTruthy();
  await page.goto('/invoices?page=2');
  await page.getByRole('link', { name: `View details of invoice ${paid!.invoiceNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${paid!.id}$`));

  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${paid!.invoiceNumber}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Invoices' })).toHaveAttribute('href', '/invoices');
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CDRs' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Invoice' }), 'nothing owed: no Pay Invoice').toHaveCount(0);

  const billingTo = page.getByRole('region', { name: 'Billing To' });
  await expect(billingTo).toContainText('Alex Martin');

  const summary = page.getByRole('region', { name: 'Invoice Summary' });
  await expect(termValue(summary, 'Issue Date')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(termValue(summary, 'Due Date')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(termValue(summary, 'Status')).toHaveText('Paid');
  // CAD on the invoice detail is formatted en-US.
  await expect(termValue(summary, 'Total Amount')).toHaveText(formatMoney(paid!.amount, paid!.currency, 'en-US'));
  await expect(termValue(summary, 'Amount Due')).toHaveText(formatMoney(0, paid!.currency, 'en-US'));

  const history = page.getByRole('table', { name: 'Payment History' });
  await expect(history).toBeVisible();
  for (const column of ['Date', 'Description', 'Amount'])
    await expect(history.getByRole('columnheader', { name: column, exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices(\?.*)?$/);
});

test('an overdue invoice shows Overdue in the list and the detail', async ({ page }) => {
  const overdue = posted.findIndex((invoice) => invoiceStatus(invoice, TODAY()) === 'Overdue');
  expect(overdue, 'the demo customer has an overdue invoice').toBeGreaterThanOrEqual(0);
  const invoice = posted[overdue]!;
  await page.goto(`/invoices?page=${Math.floor(overdue / PAGE_SIZE) + 1}`);
  const row = dataRows(page).filter({ has: page.getByRole('rowheader', { name: invoice.invoiceNumber, exact: true }) });
  await expect(row.getByRole('cell').filter({ hasText: 'Overdue' })).toBeVisible();
  await row.getByRole('link', { name: `View details of invoice ${invoice.invoiceNumber}` }).click();
  await expect(termValue(page.getByRole('region', { name: 'Invoice Summary' }), 'Status')).toHaveText('Overdue');
});

test('an unpaid invoice shows its status, a red Amount Due and Pay Invoice', async ({ page, request }) => {
  const api = await Api.as(request, 'customer');
  const [unpaid] = await api.unpaidInvoices(scopedAccounts(api.token)[0]!);
  expect(unpaid, 'the demo customer has an unpaid invoice').toBeTruthy();
  await page.goto(`/invoices/${unpaid!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${unpaid!.invoiceNumber}` })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Invoice Summary' });
  await expect(termValue(summary, 'Status')).toHaveText(statusText(unpaid!));
  const amountDue = termValue(summary, 'Amount Due');
  await expect(amountDue).toHaveText(formatMoney(unpaid!.owing, unpaid!.currency, 'en-US'));
  expect(await isRed(amountDue), 'Amount Due is shown in red while something is owed').toBe(true);
  await expect(page.getByRole('button', { name: 'Pay Invoice' })).toBeVisible();
});

test('the PDF and the CDRs download from the invoice detail', async ({ page }) => {
  const invoice = posted[1]!;
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${invoice.invoiceNumber}` })).toBeVisible();

  const pdfLink = page.getByRole('link', { name: 'Download PDF' });
  const [pdf] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/i);
  const pdfBytes = await readFile((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const cdrLink = page.getByRole('link', { name: 'Download CDRs' });
  const [cdrs] = await Promise.all([page.waitForEvent('download'), cdrLink.click()]);
  expect(cdrs.suggestedFilename()).toMatch(/\.csv$/i);
  const csv = await readFile((await cdrs.path())!, 'utf8');
  // UTF-8 with a byte-order mark (spreadsheets then read accents right), times with their offset.
  expect(csv.startsWith('\uFEFFDate/Time,'), 'a byte-order mark, then the English header').toBe(true);
  const [header, firstRow] = csv.split(/\r?\n/);
  expect(header, 'a header line').toMatch(/^\uFEFF[A-Za-z][^,]*(,[^,]+){3,}$/);
  expect(firstRow, 'a local time with its offset').toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2},/);
  expect(firstRow?.split(',').length, 'rows have as many fields as the header').toBe(header!.split(',').length);

  // The links are signed URLs that answer with the right content types.
  const pdfResponse = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdfResponse.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await pdfResponse.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  const csvResponse = await page.request.get((await cdrLink.getAttribute('href'))!);
  expect(csvResponse.headers()['content-type']).toMatch(/^text\/csv/);
  expect((await csvResponse.text()).split(/\r?\n/)[0]).toBe(header);
});

test("the list's Download PDF link downloads that invoice's PDF", async ({ page }) => {
  await page.goto('/invoices');
  const invoice = posted[0]!;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download PDF of invoice ${invoice.invoiceNumber}` }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
