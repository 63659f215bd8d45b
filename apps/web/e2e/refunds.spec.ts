import { expect, test } from '@playwright/test';
import { Api, formatMoney, scopedAccounts } from './support/api';
import { signIn } from './support/auth';
import { formatViolations, scanPage } from './support/axe';

interface RecentPaymentJson {
  id: number;
  amount: number;
  status: string;
}

/**
 * docs/decisions/0036-refunds-and-pay-all.md: the customer pays 1.00 by card; support staff refund 0.40 of it
 * from the account's Payment History (amount, reason, confirmation; the dialog axe clean in English and
 * French, focus back on Refund), and the customer sees the refund under the payment and downloads its receipt.
 */
test('staff refund part of a card payment, and the customer sees it in Payment History', async ({ browser, request }) => {
  const customer = await Api.as(request, 'customer');
  const [accountId] = scopedAccounts(customer.token);
  const [card] = (await customer.paymentMethods(accountId!)).filter((m) => m.paymentMethod.default);
  expect(card, 'the demo customer has a default card').toBeTruthy();
  const paid = await customer.post<{ payment: RecentPaymentJson }>('/b/v1/Payment/customerpayment?autoAssignPayment=true', {
    payment: { accountId: accountId!, amount: 1, currency: 'CAD', description: 'Refund journey' },
    paymentMethodInfo: { paymentMethodId: card!.paymentMethod.id },
  });
  await expect
    .poll(async () => (await customer.homeModel(accountId!)).recentPayments.find((p) => p.id === paid.payment.id)?.status, { timeout: 20_000 })
    .toBe('Successful');

  const staffContext = await browser.newContext();
  const page = await staffContext.newPage();
  await signIn(page, 'staff', { accountId: accountId! });
  await page.goto('/payments');
  const history = page.getByRole('list', { name: 'Payment History' });
  // The newest payment is the one just made; Staff see amounts with their currency named.
  const opener = history.getByRole('button', { name: /^Refund the payment of CA\$1\.00 on / }).first();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
  const amount = dialog.getByRole('textbox', { name: /Amount to refund/ });
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('1.00');
  let violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);
  await amount.fill('0.40');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Say why the payment is refunded.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Refund journey');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(/^Refund CA\$0\.40 to Visa •••• 4242\?/)).toBeVisible();
  violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);
  await dialog.getByRole('button', { name: 'Refund CA$0.40' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('CA$0.40 was refunded.')).toBeVisible();
  await expect(opener).toBeFocused();
  await expect(history.getByText(/^Refunded CA\$0\.40 on /).first()).toBeVisible();

  // In French: the same dialog, worded in French and axe clean; Escape gives focus back to its opener.
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitemradio', { name: 'Français' }).click();
  const frOpener = page.getByRole('list', { name: 'Historique des paiements' }).getByRole('button', { name: /^Rembourser le paiement de 1,00 \$ CA du / }).first();
  await frOpener.click();
  const frDialog = page.getByRole('dialog', { name: 'Rembourser un paiement' });
  await expect(frDialog.getByRole('textbox', { name: /Montant à rembourser/ })).toHaveValue('0.60');
  violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(frDialog).toBeHidden();
  await expect(frOpener).toBeFocused();
  await staffContext.close();

  // The customer sees the refund under the payment and downloads its receipt.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, 'customer');
  await customerPage.goto('/payments');
  const mine = customerPage.getByRole('list', { name: 'Payment History' });
  const line = `Refunded ${formatMoney(0.4, 'CAD')} on `;
  await expect(mine.getByText(new RegExp(`^${line.replace('$', '\\$')}`)).first()).toBeVisible();
  const download = customerPage.waitForEvent('download');
  await mine.getByRole('button', { name: /^Download the receipt of the refund of / }).first().click();
  expect((await download).suggestedFilename()).toMatch(/^Refund-RF-\d{7}\.pdf$/);
  await customerContext.close();
});
