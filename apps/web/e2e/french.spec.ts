import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { invoiceStatus, todayIn, type InvoiceStatus } from '@portal/contract';
import { Api, scopedAccounts, type InvoiceListItem } from './support/api';

const FRENCH_STATUS: Record<InvoiceStatus, string> = {
  Paid: 'Payée',
  Credited: 'Créditée',
  PartiallyPaid: 'Partiellement payée',
  PartiallyCredited: 'Partiellement créditée',
  Overdue: 'En retard',
  Unpaid: 'Impayée',
};
import { loginViaUi } from './support/auth';
import { pdfText } from './support/pdf-text';

/**
 * Journey 10 (docs/decisions/0014-languages-of-what-customers-receive.md, docs/decisions/0008-demo-data.md): an account whose
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

test('the French customer downloads a French invoice and CDRs, and keeps French after logout', async ({
  page,
  context,
  request,
}) => {
  const api = await Api.as(request, 'francais');
  const accountId = scopedAccounts(api.token)[0]!;
  const latest = (await api.postedInvoices(accountId))[0]!;

  await loginViaUi(page, 'francais');
  await expect(page.getByRole('heading', { level: 1, name: /^Compte / })).toBeVisible();

  // The invoice PDF is French: labels, fr-CA money and dates, file name, GST/HST and QST numbers (Quebec).
  await page.goto(`/invoices/${latest.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Facture no ${latest.invoiceNumber}` })).toBeVisible();
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Télécharger le PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`Facture-${latest.invoiceNumber}.pdf`);
  const text = pdfText(await readFile((await pdf.path())!));
  for (const expected of [
    'FACTURE',
    'Numéro de facture',
    "Date d'échéance",
    frenchDate(latest.dueDate),
    'MONTANT DÛ',
    'Montant dû',
    'Sous-total',
    'Page 1 de',
  ]) {
    expect(text, expected).toContain(expected);
  }
  expect(text).toContain(`No d'inscription TPS/TVH 123456789 RT0001`);
  expect(text).toContain(`No d'inscription TVQ 1234567890 TQ0001`);
  const amounts = text.split('\n').filter((line) => frenchMoney(latest.amount).test(line.replace(/\u00a0/g, ' ')));
  expect(amounts.length, `the amount ${latest.amount} as fr-CA money`).toBeGreaterThan(0);
  for (const english of ['INVOICE', 'Amount due', 'Subtotal']) expect(text, english).not.toContain(english);

  // The CDRs: French header and file name, a byte-order mark, Eastern times with their offset.
  const [cdrs] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Télécharger le détail des appels' }).click(),
  ]);
  expect(cdrs.suggestedFilename()).toBe(`Appels-${latest.invoiceNumber}.csv`);
  const csv = await readFile((await cdrs.path())!, 'utf8');
  const [header, firstRow] = csv.split(/\r?\n/);
  expect(header).toBe('\uFEFFDate/heure,Type,De,À,Durée (s),Données (Ko),Description,Montant');
  expect(firstRow).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[45]:00,/);

  // The privacy policy opened from the French footer (a new tab) is French.
  const [privacy] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Politique de confidentialité' }).first().click(),
  ]);
  await expect(privacy.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
  expect(await htmlLang(privacy)).toBe('fr');
  await privacy.close();

  // After logout (a full page load) the login page, forgot password, terms and not-found stay French.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Nom d’utilisateur')).toBeVisible();
  expect(await htmlLang(page)).toBe('fr');
  await page.reload();
  await expect(page.getByLabel('Nom d’utilisateur')).toBeVisible();
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié?' })).toBeVisible();
  await page.goto('/terms-of-use');
  await expect(page.getByRole('heading', { level: 1, name: 'Conditions d’utilisation' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Un problème est survenu' })).toBeVisible();
  expect(await htmlLang(page)).toBe('fr');
});
