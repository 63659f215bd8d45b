import { expect, test, type Page } from '@playwright/test';
import { Api, formatMoney, scopedAccounts, subtractMoney } from './support/api';
import { signIn } from './support/auth';
import { formatViolations, scanPage } from './support/axe';
import { enterCard, expectOnSandboxCheckout, TEST_CARDS } from './support/checkout';

/**
 * Journey 4 (docs/decisions/0007-sandbox-card-provider.md): the customer pays an
 * unpaid invoice with the saved default card; after the sandbox settles the charge, the invoice is Paid, the
 * balance has dropped by the amount and the payment history says "Completed". The invoice is found at run
 * time, so the journey works whatever was paid before it.
 */
test('pay an unpaid invoice with the saved card and see the balance and history update', async ({ page, request }) => {
  const api = await Api.as(request, 'customer');
  const accountId = scopedAccounts(api.token)[0]!;
  const [invoice] = await api.unpaidInvoices(accountId);
  expect(invoice, 'the customer still has an unpaid invoice').toBeTruthy();
  const { owing, currency, invoiceNumber } = invoice!;
  const balanceBefore = (await api.homeModel(accountId)).balances.find((b) => b.currency.code === currency)!.amount;
  // A negative balance is owing; paying raises it by the amount paid.
  const balanceAfter = subtractMoney(balanceBefore, -owing);

  await signIn(page, 'customer');
  await page.goto('/');
  const balanceCard = page.getByRole('region', { name: 'Current balance' });
  await expect(balanceCard).toContainText(formatMoney(balanceBefore, currency));

  await page.goto(`/invoices/${invoice!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${invoiceNumber}` })).toBeVisible();
  await page.getByRole('button', { name: 'Pay Invoice' }).click();

  const dialog = page.getByRole('dialog', { name: 'Pay Invoice' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(`Invoice #${invoiceNumber}`);
  // Total Balance is the default, the default card is preselected; expired cards cannot be chosen.
  const total = dialog.getByRole('radio', { name: /Total Balance/ });
  await expect(total).toBeChecked();
  await expect(dialog.getByText(formatMoney(owing, currency, 'en-US'), { exact: true })).toBeVisible();
  const method = dialog.getByRole('combobox', { name: 'Payment method' });
  expect(await method.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)).toMatch(
    /^Visa •••• 4242 .*default/,
  );
  await expect(method.getByRole('option', { name: /Mastercard •••• 4444/ })).toBeDisabled();
  await expect(dialog.getByText('The payment will be processed immediately.')).toBeVisible();

  // A custom amount must be above zero.
  await dialog.getByRole('radio', { name: 'Custom Amount' }).check();
  const custom = dialog.getByRole('spinbutton', { name: /Custom amount/ });
  await custom.fill('0');
  await expect(dialog.getByText('Please enter a valid amount')).toBeVisible();
  // Never "Pay $0.00" for an amount that cannot be paid.
  await expect(dialog.getByRole('button', { name: /^Pay( |$)/ })).toHaveText('Pay');
  await expect(dialog.getByRole('button', { name: /^Pay( |$)/ })).toBeDisabled();
  await total.check();

  const pay = dialog.getByRole('button', { name: `Pay ${formatMoney(owing, currency, 'en-US')}` });
  await expect(pay).toBeEnabled();
  await pay.click();
  // The dialog follows the payment until the sandbox settles it.
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // Settled (the page re-reads the invoice while its payment is in progress).
  const summary = page.getByRole('region', { name: 'Invoice Summary' });
  await expect(summary.locator('xpath=.//dt[normalize-space()="Status"]/following-sibling::dd[1]')).toHaveText('Paid', {
    timeout: 20_000,
  });
  await expect(summary.locator('xpath=.//dt[normalize-space()="Amount Due"]/following-sibling::dd[1]')).toHaveText(
    formatMoney(0, currency, 'en-US'),
  );
  await expect(page.getByRole('button', { name: 'Pay Invoice' })).toHaveCount(0);
  const invoicePayments = page.getByRole('table', { name: 'Payment History' });
  await expect(
    invoicePayments
      .getByRole('row')
      .filter({ hasText: formatMoney(owing, currency, 'en-US') })
      .first(),
  ).toBeVisible();

  // The dashboard balance moved by the amount paid.
  await page.goto('/');
  await expect(balanceCard).toContainText(formatMoney(balanceAfter, currency));

  // The payments screen shows it as Completed with the card used (a list at 1280 px: the table does not fit its half-width card).
  await page.goto('/payments');
  const history = page.getByRole('list', { name: 'Payment History' });
  const newest = history.getByRole('listitem').first();
  await expect(newest).toContainText(formatMoney(owing, currency), { timeout: 20_000 });
  await expect(newest).toContainText('Completed');
  await expect(newest).toContainText('Visa •••• 4242');
  await expect(page.getByRole('region', { name: 'Account Balance' })).toContainText(formatMoney(balanceAfter, currency));
});

/**
 * A one-time payment on the card that saves but fails every charge: the dialog follows it and says it was
 * declined (never "submitted"), the next try starts on another card and succeeds, the history row says why
 * the first failed, and the failing card is marked where cards are chosen. The added card is removed after.
 */
test('a declined one-time payment says so in place, then is paid with another card', async ({ page, request }) => {
  const api = await Api.as(request, 'customer');
  const accountId = scopedAccounts(api.token)[0]!;
  const failing = 'Visa •••• 0341';
  await signIn(page, 'customer');
  await page.goto('/payments');
  const methods = page.getByRole('region', { name: 'Your Payment Methods' });
  await methods.getByRole('button', { name: 'Add Card' }).click();
  await page.getByRole('dialog', { name: 'Add Payment Method' }).getByRole('button', { name: 'Continue' }).click();
  await expectOnSandboxCheckout(page);
  await enterCard(page, TEST_CARDS.failsCharges);
  await expect(page.getByRole('status').filter({ hasText: 'Your card was added.' })).toBeVisible();
  const added = (await api.paymentMethods(accountId)).find((c) => c.card.last4 === '0341')!;

  try {
    await page.getByRole('region', { name: 'Make a One-time Payment' }).getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a One-time Payment' });
    await dialog.getByRole('radio', { name: 'Custom Amount' }).check();
    await dialog.getByRole('spinbutton', { name: /Custom amount/ }).fill('1.25');
    const method = dialog.getByRole('combobox', { name: 'Payment method' });
    await method.selectOption({ label: `${failing} (expires ${added.card.expiry})` });
    await dialog.getByRole('button', { name: 'Pay $1.25' }).click();

    const declined = dialog.getByRole('alert');
    await expect(declined).toContainText('Your card was declined.', { timeout: 20_000 });
    await expect(declined).toContainText('Nothing was charged. Choose another card and pay again, or add a card.');
    await expect(dialog.getByText(/being processed/)).toHaveCount(0);
    // The next try starts on another card; the failing one is marked.
    expect(await dialog.getByRole('combobox', { name: 'Payment method' }).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toMatch(
      /^Visa •••• 4242 .*default/,
    );
    await expect(dialog.getByRole('option', { name: `${failing} (expires ${added.card.expiry}, last payment failed)` })).toBeAttached();
    const violations = await scanPage(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    await dialog.getByRole('button', { name: 'Pay $1.25' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Make a One-time Payment' }).getByRole('status')).toContainText(
      'Your payment of $1.25 was received. Thank you.',
    );

    const history = page.getByRole('list', { name: 'Payment History' });
    await expect(history.getByText('Your card was declined.').first()).toBeVisible();
    await expect(cardBadge(page, failing)).toBeVisible();
    const recent = (await api.homeModel(accountId)).recentPayments.slice(0, 2);
    expect(recent.map((p) => [p.amount, p.status, p.failureReason])).toEqual([
      [1.25, 'Successful', null],
      [1.25, 'Error', 'card_declined'],
    ]);

    // The reason and the card's mark in French too.
    await page.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    await page.goto('/payments');
    await expect(page.getByRole('list', { name: 'Historique des paiements' }).getByText('Votre carte a été refusée.').first()).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Cartes enregistrées' }).getByRole('listitem').filter({ hasText: failing }).getByText('Dernier paiement refusé', { exact: true }),
    ).toBeVisible();
    const frViolations = await scanPage(page);
    expect(frViolations, formatViolations(frViolations)).toEqual([]);
  } finally {
    await api.raw('DELETE', `/b/v1/PaymentMethod/methods/${added.paymentMethod.id}`);
  }
});

const cardBadge = (page: Page, card: string) =>
  page
    .getByRole('list', { name: 'Saved cards' })
    .getByRole('listitem')
    .filter({ hasText: card })
    .getByText('Last payment failed', { exact: true });
