import { expect, test, type Page } from '@playwright/test';
import { Api, scopedAccounts } from './support/api';
import { signIn } from './support/auth';
import { enterCard, expectOnSandboxCheckout, TEST_CARDS } from './support/checkout';

/**
 * The same card (the sandbox provider's fingerprint of its number) is saved once per account.
 * The customer adds an American Express card, then enters the same number again: nothing is saved and the page
 * says why. The card is deleted afterwards, leaving the demo cards as they were.
 */
const addCard = async (page: Page, number: string) => {
  await page.getByRole('region', { name: 'Your Payment Methods' }).getByRole('button', { name: 'Add Card' }).click();
  await page.getByRole('dialog', { name: 'Add Payment Method' }).getByRole('button', { name: 'Continue' }).click();
  await expectOnSandboxCheckout(page);
  await enterCard(page, number, { name: 'Alex Martin' });
  await expect(page).toHaveURL(/\/payments$/);
};

test('the same card cannot be saved twice on one account, and the page says so', async ({ page, request }) => {
  const api = await Api.as(request, 'customer');
  const accountId = scopedAccounts(api.token)[0]!;
  const before = await api.paymentMethods(accountId);
  const amex = 'American Express •••• 0005';
  const cards = page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');

  await signIn(page, 'customer');
  await page.goto('/payments');
  await expect(cards).toHaveCount(before.length);

  await addCard(page, TEST_CARDS.amex);
  await expect(page.getByRole('status').filter({ hasText: 'Your card was added.' })).toBeVisible();
  await expect(cards).toHaveCount(before.length + 1);

  await addCard(page, TEST_CARDS.amex);
  await expect(page.getByRole('alert')).toContainText('This card is already saved on this account. Use the saved card, or add a different one.');
  await expect(page.getByText('Your card was added.')).toHaveCount(0);
  await expect(cards).toHaveCount(before.length + 1);
  await expect(cards.filter({ hasText: amex })).toHaveCount(1);
  expect(await api.paymentMethods(accountId)).toHaveLength(before.length + 1);

  // Put things back: the Amex goes.
  await page.getByRole('button', { name: /^Delete card American Express •••• 0005 \(/ }).click();
  await page.getByRole('dialog', { name: 'Delete card?' }).getByRole('button', { name: 'Delete card' }).click();
  await expect(cards.filter({ hasText: amex })).toHaveCount(0);
  expect(await api.paymentMethods(accountId)).toHaveLength(before.length);
});
