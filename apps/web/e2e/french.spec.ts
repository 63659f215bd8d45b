import { expect, test, type Page } from '@playwright/test';
import { invoiceStatus, todayIn, type InvoiceStatus } from '@portal/contract';
import { Api, scopedAccounts, type InvoiceListItem } from './support/api';

const FRENCH_STATUS: Record<InvoiceStatus, string> = { Paid: 'Payée', PartiallyPaid: 'Partiellement payée', Overdue: 'En retard', Unpaid: 'Impayée' };
import { loginViaUi } from './support/auth';

/**
 * Journey 10 (spec §3 language, decisions §2 i18next English and French, §8 `francais`): an account whose
 * language preference is French gets the portal in French after login, with French (fr-CA) money and dates.
 */
const FRENCH_MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juill.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

/** `2026-11-21` → "21 nov. 2026" (day first, French month abbreviation). */
const frenchDate = (iso: string): string => {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `${day} ${FRENCH_MONTHS[month - 1]} ${year}`;
};

/** 45.6 → /^45,60\s\$$/: decimal comma, the dollar sign after the amount (fr-CA). */
const frenchMoney = (amount: number): RegExp => {
  const [units, cents] = Math.abs(amount).toFixed(2).split('.') as [string, string];
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '\\s');
  return new RegExp(`^${grouped},${cents}\\s\\$$`);
};

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

test('the French account reads the portal in French with French money and dates', async ({ page, request }) => {
  const api = await Api.as(request, 'francais');
  const accountId = scopedAccounts(api.token)[0]!;
  const invoices: InvoiceListItem[] = await api.postedInvoices(accountId);
  const latest = invoices[0]!;
  const account = (await api.get<{ account: { customerNo: string; language: string } }>(`/b/v1/Account/details/${accountId}`))
    .account;
  expect(account.language).toBe('French');

  await page.goto('/login');
  expect(await htmlLang(page)).toBe('en');
  await loginViaUi(page, 'francais');

  // Dashboard in French.
  await expect(page.getByRole('heading', { level: 1, name: `Compte ${account.customerNo}` })).toBeVisible();
  expect(await htmlLang(page)).toBe('fr');
  const balance = page.getByRole('region', { name: 'Solde actuel' });
  await expect(balance).toBeVisible();
  await expect(balance.getByText(/^\d[\d\s]*,\d{2}\s\$$/)).toBeVisible();
  const tiles = page
    .getByRole('navigation')
    .filter({ has: page.getByRole('link', { name: /Factures et facturation/ }) })
    .last();
  await tiles.getByRole('link', { name: /Factures et facturation/ }).click();

  // Invoice list: French headings, dates "21 nov. 2026" and amounts "45,60 $".
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Factures et facturation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour au tableau de bord' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Factures' });
  await expect(table.getByRole('columnheader', { name: 'Échéance' })).toBeVisible();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: latest.invoiceNumber, exact: true }) });
  await expect(row.getByRole('cell', { name: frenchDate(latest.dueDate), exact: true })).toBeVisible();
  await expect(row.getByRole('cell').filter({ hasText: frenchMoney(latest.amount) })).toBeVisible();
  // The one status rule of the contract, on the account's calendar (Quebec).
  const status = invoiceStatus(latest, todayIn('America/Toronto', new Date()));
  await expect(row.getByText(FRENCH_STATUS[status], { exact: true })).toBeVisible();
  await expect(page.getByPlaceholder('Rechercher des factures...')).toBeVisible();

  // Invoice detail: French title and dates.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture no ${latest.invoiceNumber}` })).toBeVisible();
  await expect(page.getByText(frenchDate(latest.dueDate), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour aux factures' })).toBeVisible();
});
