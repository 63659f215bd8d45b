import { expect, test } from '@playwright/test';
import { Api } from './support/api';
import { signIn } from './support/auth';
import { enterCard, expectOnSandboxCheckout, TEST_CARDS } from './support/checkout';

/**
 * Journey 5 (docs/decisions/0007-sandbox-card-provider.md): from an invoice's pay modal, an
 * account with no usable card adds one on the provider's checkout page and comes back to the invoice with
 * the pay modal open and the new card in it. A declined test card is refused on the checkout page first.
 *
 * Uses the family user's sub-account of Maya Lee (no saved cards, one unpaid invoice in the demo data); no
 * other journey relies on Maya having no card.
 */
test('add a card through the sandbox checkout from the invoice pay modal', async ({ page, request }) => {
  const api = await Api.as(request, 'family');
  const maya = await api.accountNamed('Maya Lee');
  const [invoice] = await api.unpaidInvoices(maya.accountId);
  expect(invoice, 'Maya has an unpaid invoice').toBeTruthy();
  const cardsBefore = await api.paymentMethods(maya.accountId);
  expect(
    cardsBefore.filter((c) => c.card.last4 === '4444'),
    'no Mastercard 4444 on file yet',
  ).toHaveLength(0);

  await signIn(page, 'family', { accountId: maya.accountId });
  await page.goto(`/invoices/${invoice!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${invoice!.invoiceNumber}` })).toBeVisible();
  await page.getByRole('button', { name: 'Pay Invoice' }).click();

  const payDialog = page.getByRole('dialog', { name: 'Pay Invoice' });
  await expect(payDialog).toBeVisible();
  await payDialog.getByRole('button', { name: 'Add Card' }).click();

  const addDialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expect(addDialog).toBeVisible();
  await addDialog.getByRole('button', { name: 'Continue' }).click();

  // The provider's page (docs/decisions/0007-sandbox-card-provider.md), with its own labels.
  await expectOnSandboxCheckout(page);
  const checkoutUrl = page.url();
  // The portal's icon in the tab, and the hint asks for the code each brand takes.
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  expect((await page.request.get('/favicon.svg')).ok(), 'the icon is served').toBe(true);
  await expect(page.getByRole('region', { name: /Test cards/ })).toContainText('4 digits for American Express');

  // Declined at entry: the page says so and keeps the customer there.
  await enterCard(page, TEST_CARDS.declined, { name: 'Maya Lee' });
  await expect(page).toHaveURL(checkoutUrl);
  const problems = page.getByRole('alert');
  await expect(problems).toContainText('Your card was declined.');
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

  // A good card: back on the invoice with the pay modal reopened.
  await enterCard(page, TEST_CARDS.mastercard, { name: 'Maya Lee' });
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice!.id}(\\?.*)?$`));
  await expect(payDialog).toBeVisible();
  const method = payDialog.getByRole('combobox', { name: 'Payment method' });
  await expect(method.getByRole('option', { name: /Mastercard •••• 4444/ })).toBeEnabled();
  expect(await method.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)).toMatch(/^Mastercard •••• 4444/);
  await expect(payDialog.getByRole('button', { name: /^Pay / })).toBeEnabled();
  // The return parameters are handled once and removed from the address.
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice!.id}$`));

  await payDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(payDialog).toBeHidden();

  // The card is listed on the payments screen and was saved for Maya's account.
  await page.goto('/payments');
  await expect(page.getByRole('list', { name: 'Saved cards' }).getByText('Mastercard •••• 4444', { exact: true })).toBeVisible();
  const cardsAfter = await api.paymentMethods(maya.accountId);
  expect(cardsAfter.map((c) => `${c.card.brand} ${c.card.last4}`)).toContain('Mastercard 4444');
});

test("the checkout page wears the portal's dark theme under a light system, and reads French for a French customer", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, 'francais', { theme: 'dark' });
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Ajouter une carte' }).first().click();
  await page.getByRole('dialog', { name: 'Ajouter un mode de paiement' }).getByRole('button', { name: 'Continuer' }).click();

  await expect(page).toHaveURL(/\/b\/v1\/checkoutapi\/sandbox\/[^/?#]+\?theme=dark&lang=fr$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter une carte' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  // Dark although the device is light: the page background is the dark one (once its stylesheet has loaded).
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 17, 21)');
  await expect(page.getByRole('region', { name: /Cartes de test/ })).toContainText('4242 4242 4242 4242');
  await expect(page.getByRole('region', { name: /Cartes de test/ })).toContainText('4 pour American Express');

  // Its refusals are French too, and keep the theme.
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Enregistrer la carte' }).click();
  await expect(page.getByRole('alert')).toContainText('Le numéro de votre carte n’est pas valide.');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 17, 21)');

  await page.getByRole('link', { name: /^Annuler et revenir à / }).click();
  await expect(page).toHaveURL(/\/payments$/);
});
