import { expect, type Locator, type Page, test } from '@playwright/test';
import { Api } from './support/api';
import { signIn } from './support/auth';
import { enterCard, expectOnSandboxCheckout, TEST_CARDS } from './support/checkout';

/**
 * docs/decisions/0015-screens-fit-a-phone.md: closing a dialog — Esc, Cancel, or by finishing what it is for — puts focus back
 * on the control that opened it, for the pay dialog, Add Payment Method, Delete card and Setup Automatic
 * Payments (and the confirmation before turning automatic payments off). Dialogs are opened from the keyboard
 * (focus, then Enter or Space), as a keyboard user does. Where finishing removes the opener (a deleted card),
 * focus goes to the page's message saying what happened, never to the page's top.
 */

/** Opens a dialog from `opener` with the keyboard and answers it. */
const openWith = async (page: Page, opener: Locator, name: string, key: 'Enter' | 'Space' = 'Enter') => {
  await opener.focus();
  await page.keyboard.press(key);
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
};

const closedBackTo = async (dialog: Locator, opener: Locator) => {
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the pay dialog gives focus back to "Pay Now" after Esc, Cancel and a payment', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/payments');
  const payNow = page.getByRole('region', { name: 'Make a One-time Payment' }).getByRole('button', { name: 'Pay Now' });
  await expect(payNow).toBeVisible();

  let dialog = await openWith(page, payNow, 'Make a One-time Payment');
  await page.keyboard.press('Escape');
  await closedBackTo(dialog, payNow);

  dialog = await openWith(page, payNow, 'Make a One-time Payment');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await closedBackTo(dialog, payNow);

  // A small one-time payment with the default card: the dialog follows it and closes once it is received.
  dialog = await openWith(page, payNow, 'Make a One-time Payment');
  await dialog.getByRole('radio', { name: 'Custom Amount' }).check();
  await dialog.getByRole('spinbutton', { name: /Custom amount/ }).fill('1.00');
  await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
  await closedBackTo(dialog, payNow);
  await expect(page.getByRole('status').filter({ hasText: 'Your payment of $1.00 was received. Thank you.' })).toBeVisible();
});

test('the dashboard\'s "Make a payment" opens the pay dialog in place and gets focus back after Esc and a payment', async ({
  page,
}) => {
  // No trip to /payments.
  await signIn(page, 'customer');
  await page.goto('/');
  const balance = page.getByRole('region', { name: 'Current balance' });
  const makePayment = balance.getByRole('button', { name: 'Make a payment' });
  await expect(makePayment).toBeEnabled();

  let dialog = await openWith(page, makePayment, 'Make a One-time Payment', 'Space');
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog.getByRole('radio', { name: /Total Balance/ })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Payment method' })).toBeVisible();
  await page.keyboard.press('Escape');
  await closedBackTo(dialog, makePayment);

  dialog = await openWith(page, makePayment, 'Make a One-time Payment');
  await dialog.getByRole('radio', { name: 'Custom Amount' }).check();
  await dialog.getByRole('spinbutton', { name: /Custom amount/ }).fill('1.00');
  await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
  await closedBackTo(dialog, makePayment);
  await expect(balance.getByRole('status').filter({ hasText: 'Your payment of $1.00 was received. Thank you.' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('Add Payment Method gives focus back to "Add Card" after Esc and Cancel', async ({ page }) => {
  await signIn(page, 'customer');
  await page.goto('/payments');
  const addCard = page.getByRole('region', { name: 'Your Payment Methods' }).getByRole('button', { name: 'Add Card' });
  await expect(addCard).toBeVisible();

  let dialog = await openWith(page, addCard, 'Add Payment Method');
  await page.keyboard.press('Escape');
  await closedBackTo(dialog, addCard);

  dialog = await openWith(page, addCard, 'Add Payment Method');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await closedBackTo(dialog, addCard);
});

test('Delete card gives focus back to its button after Esc and Cancel, and to the outcome once the card is gone', async ({
  page,
  request,
}) => {
  const api = await Api.as(request, 'customer');
  const [accountId] = (await api.accountNames()).map((a) => a.accountId);
  const before = await api.paymentMethods(accountId!);
  const amex = 'American Express •••• 0005';

  await signIn(page, 'customer');
  await page.goto('/payments');
  // A card of its own to delete, added through the sandbox checkout (the demo cards stay as they are).
  await page.getByRole('region', { name: 'Your Payment Methods' }).getByRole('button', { name: 'Add Card' }).click();
  await page.getByRole('dialog', { name: 'Add Payment Method' }).getByRole('button', { name: 'Continue' }).click();
  await expectOnSandboxCheckout(page);
  await enterCard(page, TEST_CARDS.amex, { name: 'Alex Martin' });
  await expect(page).toHaveURL(/\/payments(\?.*)?$/);
  const remove = page.getByRole('button', { name: new RegExp(`^Delete card ${escaped(amex)} \\(`) });
  await expect(remove).toBeVisible();

  let dialog = await openWith(page, remove, 'Delete card?');
  await page.keyboard.press('Escape');
  await closedBackTo(dialog, remove);

  dialog = await openWith(page, remove, 'Delete card?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await closedBackTo(dialog, remove);

  dialog = await openWith(page, remove, 'Delete card?');
  await dialog.getByRole('button', { name: 'Delete card' }).click();
  await expect(dialog).toBeHidden();
  await expect(remove).toHaveCount(0);
  // The button is gone with its card: focus is on the message saying so, not lost on the page.
  const outcome = page.getByRole('status').filter({ hasText: `${amex} was removed.` });
  await expect(outcome).toBeVisible();
  await expect(page.locator(':focus')).toHaveCount(1);
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  expect(await outcome.evaluate((node) => node.contains(document.activeElement) || !!document.activeElement?.contains(node))).toBe(true);
  expect((await api.paymentMethods(accountId!)).length).toBe(before.length);
});

test('the automatic payments switch gets focus back from its dialogs after Esc, Cancel and saving', async ({ page, request }) => {
  const api = await Api.as(request, 'family');
  const parent = await api.accountNamed('Jordan Lee');
  const details = () => api.get<{ account: { paymentMethod: string } }>(`/b/v1/Account/details/${parent.accountId}`);
  expect((await details()).account.paymentMethod, 'the family parent starts with automatic payments on').toBe('Credit Card');

  await signIn(page, 'family', { accountId: parent.accountId });
  await page.goto('/payments');
  const toggle = page.getByRole('region', { name: 'Automatic Payments' }).getByRole('switch', { name: 'Automatic payments' });
  await expect(toggle).toBeChecked();

  // Turning off asks first.
  let dialog = await openWith(page, toggle, 'Turn off automatic payments?', 'Space');
  await page.keyboard.press('Escape');
  await closedBackTo(dialog, toggle);
  dialog = await openWith(page, toggle, 'Turn off automatic payments?', 'Space');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await closedBackTo(dialog, toggle);
  dialog = await openWith(page, toggle, 'Turn off automatic payments?', 'Space');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await closedBackTo(dialog, toggle);
  await expect(toggle).not.toBeChecked();

  // Turning on opens Setup Automatic Payments.
  dialog = await openWith(page, toggle, 'Setup Automatic Payments', 'Space');
  await page.keyboard.press('Escape');
  await closedBackTo(dialog, toggle);
  dialog = await openWith(page, toggle, 'Setup Automatic Payments', 'Space');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await closedBackTo(dialog, toggle);
  dialog = await openWith(page, toggle, 'Setup Automatic Payments', 'Space');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await closedBackTo(dialog, toggle);
  await expect(toggle).toBeChecked();
  expect((await details()).account.paymentMethod).toBe('Credit Card');
});
