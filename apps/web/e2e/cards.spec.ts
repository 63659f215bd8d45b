import { expect, test, type Locator, type Page } from '@playwright/test';
import { Api, scopedAccounts } from './support/api';
import { signIn } from './support/auth';
import { enterCard, expectOnSandboxCheckout, TEST_CARDS } from './support/checkout';

/**
 * Journey 6 (docs/decisions/0007-sandbox-card-provider.md): saved cards on /payments. The customer adds an
 * American Express card through the sandbox checkout, makes it the default, puts the Visa back as default,
 * and deletes the new card (with confirmation), leaving the demo cards as they were. The last card of an
 * account (Noah Lee's sub-account of the family user has exactly one) cannot be removed.
 */
const LAST_CARD = 'Cannot remove last payment method. At least one payment method must be kept on file.';

const savedCards = (page: Page) => page.getByRole('list', { name: 'Saved cards' });
const cardItem = (page: Page, label: string) => savedCards(page).getByRole('listitem').filter({ hasText: label });
const badge = (item: Locator, text: string) => item.getByText(text, { exact: true });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The card buttons' names: their visible words, then which card (with its expiry). */
const setDefaultOf = (card: string) => new RegExp(`^Set as default ${escaped(card)} \\(`);
const deleteOf = (card: string) => new RegExp(`^Delete card ${escaped(card)} \\(`);

test('add a card, set it as default, restore the default, and delete it with confirmation', async ({ page, request }) => {
  const api = await Api.as(request, 'customer');
  const accountId = scopedAccounts(api.token)[0]!;
  const before = await api.paymentMethods(accountId);
  const amex = 'American Express •••• 0005';
  const visa = 'Visa •••• 4242';
  expect(
    before.some((c) => c.card.brand === 'Visa' && c.card.last4 === '4242' && c.paymentMethod.default),
    'the Visa is the default',
  ).toBe(true);

  await signIn(page, 'customer');
  await page.goto('/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
  const methods = page.getByRole('region', { name: 'Your Payment Methods' });
  await expect(savedCards(page).getByRole('listitem')).toHaveCount(before.length);

  // Default badged "Default", expired badged "Expired"; only normal cards offer "Set as default".
  await expect(badge(cardItem(page, visa), 'Default')).toBeVisible();
  await expect(badge(cardItem(page, 'Mastercard •••• 4444'), 'Expired')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Set as default / })).toHaveCount(0);

  // Add the card through the provider's checkout.
  await methods.getByRole('button', { name: 'Add Card' }).click();
  await page.getByRole('dialog', { name: 'Add Payment Method' }).getByRole('button', { name: 'Continue' }).click();
  await expectOnSandboxCheckout(page);
  await enterCard(page, TEST_CARDS.amex, { name: 'Alex Martin' });
  await expect(page).toHaveURL(/\/payments(\?.*)?$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your card was added.' })).toBeVisible();
  await expect(cardItem(page, amex)).toBeVisible();
  await expect(savedCards(page).getByRole('listitem')).toHaveCount(before.length + 1);

  // Set as default: the new card gets the badge, the Visa loses it and now offers "Set as default".
  await page.getByRole('button', { name: setDefaultOf(amex) }).click();
  await expect(badge(cardItem(page, amex), 'Default')).toBeVisible();
  await expect(badge(cardItem(page, visa), 'Default')).toHaveCount(0);
  await expect(page.getByRole('button', { name: setDefaultOf(amex) })).toHaveCount(0);
  expect((await api.paymentMethods(accountId)).find((c) => c.paymentMethod.default)?.card.last4).toBe('0005');

  // Back to the Visa as the default (later journeys pay with it).
  await page.getByRole('button', { name: setDefaultOf(visa) }).click();
  await expect(badge(cardItem(page, visa), 'Default')).toBeVisible();
  await expect(badge(cardItem(page, amex), 'Default')).toHaveCount(0);

  // Delete asks first; Cancel keeps the card.
  await page.getByRole('button', { name: deleteOf(amex) }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete card?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(amex);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(cardItem(page, amex)).toBeVisible();

  await page.getByRole('button', { name: deleteOf(amex) }).click();
  await confirm.getByRole('button', { name: 'Delete card' }).click();
  await expect(confirm).toBeHidden();
  await expect(cardItem(page, amex)).toHaveCount(0);
  await expect(savedCards(page).getByRole('listitem')).toHaveCount(before.length);

  const after = await api.paymentMethods(accountId);
  expect(after.map((c) => c.paymentMethod.id).sort()).toEqual(before.map((c) => c.paymentMethod.id).sort());
  expect(after.find((c) => c.paymentMethod.default)?.card.last4).toBe('4242');
});

test('the last card on file cannot be removed', async ({ page, request }) => {
  const api = await Api.as(request, 'family');
  const noah = await api.accountNamed('Noah Lee');
  const cards = await api.paymentMethods(noah.accountId);
  expect(cards, "Noah's sub-account keeps exactly one card").toHaveLength(1);
  const label = `${cards[0]!.card.brand} •••• ${cards[0]!.card.last4}`;

  await signIn(page, 'family', { accountId: noah.accountId });
  await page.goto('/payments');
  // Not offered, rather than offered and then refused.
  await expect(cardItem(page, label)).toContainText('Your only card: add another before removing this one.');
  await expect(page.getByRole('button', { name: deleteOf(label) })).toHaveCount(0);

  // The service refuses it too (docs/decisions/0005-security-model.md: enforced server-side), with the same message.
  const response = await api.raw('DELETE', `/b/v1/PaymentMethod/methods/${cards[0]!.paymentMethod.id}`);
  expect(response.status(), 'refused').toBeGreaterThanOrEqual(400);
  expect(await response.json()).toEqual({ error: LAST_CARD });
  expect(await api.paymentMethods(noah.accountId)).toHaveLength(1);
});
