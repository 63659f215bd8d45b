import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { Api, scopedAccounts } from './support/api';
import { signIn } from './support/auth';
import { formatViolations, scanPage } from './support/axe';

/**
 * The customer opens Usage from the top menu, reads This period, filters the explorer on the
 * server (last month's calls, a number typed another way), sorts it, and exports exactly the filtered set:
 * the CSV's rows are the records the service answers for the same filters. The screen is axe clean.
 */
interface UsageRecordJson {
  id: number;
  type: 'voice' | 'sms' | 'data';
  startedAt: string;
  fromNumber: string;
  toNumber: string | null;
  amount: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Last month as billing days (UTC): the demo customer's newest posted invoice's period. */
const lastMonth = () => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return { from: iso(first), to: iso(last) };
};

/** Every record the service answers for `filter`, oldest first. */
const recordsFor = async (api: Api, accountId: number, filter: Record<string, string>): Promise<UsageRecordJson[]> => {
  const all: UsageRecordJson[] = [];
  for (let skip = 0; ; skip += 200) {
    const page = await api.get<{ value: UsageRecordJson[] }>(`/b/v1/Usage/records/${accountId}`, { ...filter, orderby: 'StartedAt asc', take: 200, skip });
    all.push(...page.value);
    if (page.value.length < 200) return all;
  }
};

const resultsStatus = (page: Page) => page.getByRole('status').filter({ hasText: /records?, page/ });

test('filter the explorer on the server, sort it, and export exactly the filtered set', async ({ page }) => {
  const api = await Api.as(page.request, 'customer');
  const accountId = scopedAccounts(api.token)[0]!;
  const { from, to } = lastMonth();
  const calls = await recordsFor(api, accountId, { from, to, type: 'voice' });
  expect(calls.length, 'the demo customer made calls last month').toBeGreaterThan(5);
  // A number the customer called, typed as people write it ("416-555-0134").
  const called = calls[0]!.toNumber!;
  const typed = `${called.slice(2, 5)}-${called.slice(5, 8)}-${called.slice(8)}`;
  const toThatNumber = await recordsFor(api, accountId, { from, to, type: 'voice', number: typed });
  expect(toThatNumber.length).toBeGreaterThan(0);

  await signIn(page, 'customer');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  const period = page.getByRole('region', { name: 'This period' });
  await expect(period.getByRole('progressbar', { name: 'Voice minutes' })).toHaveAttribute('aria-valuetext', /of 150 min/);
  await expect(period).toContainText('Estimated total');

  const filters = page.getByRole('region', { name: 'Filter records' });
  await filters.getByLabel('From').fill(from);
  await filters.getByLabel(/^To/).fill(to);
  await filters.getByLabel('Type').selectOption('voice');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(resultsStatus(page)).toHaveText(new RegExp(`^${calls.length} records?, page 1 of ${Math.ceil(calls.length / 25)}$`));
  const table = page.getByRole('table', { name: 'Call detail records' });
  // The type is the first line of the column it shares with the direction.
  const typeCells = table.getByRole('row').locator('td:nth-child(2) > :first-child');
  await expect(typeCells.first()).toHaveText('Voice');
  expect(new Set(await typeCells.allTextContents())).toEqual(new Set(['Voice']));

  // Sorted by amount, largest first, on the server: the first row is the priciest call.
  await table.getByRole('button', { name: 'Sort by Amount' }).click();
  await expect(page).toHaveURL(/sort=Amount&dir=desc/);
  await expect(table.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');

  await filters.getByLabel('Number').fill(typed);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(resultsStatus(page)).toHaveText(new RegExp(`^${toThatNumber.length} records?, page 1 of 1$`));

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Usage-\\d+-${from}-${to}\\.csv$`));
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFDate/Time,Type,From,To,'), 'the invoice CDR file’s header').toBe(true);
  const rows = csv.replace(/^\uFEFF/, '').trimEnd().split('\n').slice(1);
  expect(rows).toHaveLength(toThatNumber.length);
  // Row by row the same records, in time order: instant, type, both numbers and the amount.
  rows.forEach((row, i) => {
    const cells = row.split(',');
    const record = toThatNumber[i]!;
    expect(new Date(cells[0]!).toISOString()).toBe(record.startedAt);
    expect(cells.slice(1, 4)).toEqual(['Voice', record.fromNumber, record.toNumber]);
    expect(cells.at(-1)).toBe(record.amount);
  });

  const violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);
});

test('a bad filter is explained beside its field and nothing is asked', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/usage');
  const filters = page.getByRole('region', { name: 'Filter records' });
  await filters.getByLabel('Minimum amount').fill('1.234');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByText('Enter an amount of 0 or more, with at most 2 decimals.')).toBeVisible();
  await expect(filters.getByLabel('Minimum amount')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/usage$/);
});
