import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { NOTIFICATION_PREFERENCE_EVENTS } from '@portal/contract';
import { Api } from './support/api';
import { signIn } from './support/auth';
import { enterCard, expectOnSandboxCheckout } from './support/checkout';
import { outboxFiles, outboxSnapshot, waitForMail } from './support/outbox';

/** A test card the sandbox saves but whose every charge it declines. */
const DECLINES_CHARGES = '4000 0000 0000 0341';
const FAMILY_EMAIL = 'jordan.lee@example.com';

interface NotificationJson {
  id: number;
  kind: string;
  message: string;
}

/**
 * The family user's sub-account of Maya Lee gets a card that declines charges (through the
 * sandbox checkout); a payment with it fails when the sandbox settles it, which leaves a notification under
 * the bell and emails the family user. They read and clear it; with "A payment failed" emails turned off on
 * Account Information the next failure still shows under the bell but sends no email; Clear all empties the
 * panel. Afterwards the choice is turned back on and the declining card removed (Maya keeps the card the
 * add-card journey saved; no other journey reads Maya's notifications).
 */
test('a failed payment is notified and emailed; read, clear one, clear all; email choices are kept', async ({ page, request }) => {
  const api = await Api.as(request, 'family');
  const maya = await api.accountNamed('Maya Lee');
  const [invoice] = await api.unpaidInvoices(maya.accountId);
  expect(invoice, 'Maya has an unpaid invoice').toBeTruthy();
  await signIn(page, 'family', { accountId: maya.accountId });

  // A card that declines charges, saved through the provider's checkout page.
  await page.goto('/payments');
  await page.getByRole('region', { name: 'Your Payment Methods' }).getByRole('button', { name: 'Add Card' }).click();
  await page.getByRole('dialog', { name: 'Add Payment Method' }).getByRole('button', { name: 'Continue' }).click();
  await expectOnSandboxCheckout(page);
  await enterCard(page, DECLINES_CHARGES, { name: 'Maya Lee' });
  await expect(page.getByRole('list', { name: 'Saved cards' }).getByText('Visa •••• 0341', { exact: true })).toBeVisible();
  const card = (await api.paymentMethods(maya.accountId)).find((c) => c.card.last4 === '0341');
  expect(card, 'the declining card was saved').toBeTruthy();

  const failingPayment = (amount: number) =>
    api.post<{ payment: { id: number; status: string } }>('/b/v1/Payment/customerpayment?autoAssignPayment=true', {
      payment: { accountId: maya.accountId, amount, currency: invoice!.currency },
      paymentMethodInfo: { paymentMethodId: card!.paymentMethod.id },
    });
  const notifications = () =>
    api.get<{ value: NotificationJson[] }>('/b/v1/Notification/items', { accountId: maya.accountId, take: 100 }).then((r) => r.value);

  // 1. The charge is accepted, then declined when the sandbox settles it: a notification and an email.
  let before = await outboxSnapshot();
  expect((await failingPayment(1.5)).payment.status).toBe('InProgress');
  const mail = await waitForMail(FAMILY_EMAIL, before);
  expect(mail.headers.subject).toMatch(/: payment failed$/);
  expect(mail.text).toMatch(/Your payment of \S*1\.50 failed: Your card was declined\./);
  expect(mail.text).toContain('Hello Jordan Lee,');
  expect(mail.text).toMatch(/Make a payment: http:\/\/127\.0\.0\.1:\d+\/payments/);
  expect(mail.text).toMatch(/\/profile/);

  // 2. Under the bell: the count in its name, the text in the panel; clear it.
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const unread = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label'))!)![1]);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const failed = panel.getByRole('listitem').filter({ hasText: /Your payment of \S*1\.50 failed: Your card was declined\./ });
  await expect(failed).toHaveCount(1);
  await failed.getByRole('button', { name: /^Clear: / }).click();
  await expect(panel.getByRole('status')).toHaveText(/Notification cleared\./);
  await expect(failed).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const bellAfter = unread > 1 ? page.getByRole('button', { name: `Notifications, ${unread - 1} unread` }) : page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bellAfter).toBeFocused();

  // 3. "A payment failed" emails off (kept after a reload): the next failure is shown, not emailed.
  await page.goto('/profile');
  const choices = page.getByRole('region', { name: 'Email notifications' });
  const paymentFailed = choices.getByRole('checkbox', { name: 'A payment failed' });
  await expect(paymentFailed).toBeChecked();
  await paymentFailed.uncheck();
  await choices.getByRole('button', { name: 'Save email choices' }).click();
  await expect(choices.getByRole('status')).toHaveText(/Your email choices were saved\./);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Email notifications' }).getByRole('checkbox', { name: 'A payment failed' })).not.toBeChecked();

  before = await outboxSnapshot();
  await failingPayment(2.5);
  await expect.poll(async () => (await notifications()).filter((n) => /2\.50 failed/.test(n.message)).length, { timeout: 15_000 }).toBe(1);
  // The email would have been queued with the notification and sent within a second or two.
  await page.waitForTimeout(3_000);
  const newMail = (await outboxFiles()).filter((f) => !before.has(f.file));
  for (const { file } of newMail) expect(await readFile(file, 'utf8')).not.toContain(FAMILY_EMAIL);

  // 4. Clear all, after confirming; the bell then has nothing unread.
  await page.goto('/');
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: /2\.50 failed/ })).toHaveCount(1);
  await panel.getByRole('button', { name: 'Clear all' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear all notifications?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Clear all' }).click();
  await expect(panel.getByText('You have no notifications.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeFocused();
  expect(await notifications()).toEqual([]);

  // Put back what this journey changed.
  const all = Object.fromEntries(NOTIFICATION_PREFERENCE_EVENTS.map((event) => [event, true]));
  expect((await api.raw('PUT', '/b/v1/Notification/preferences', all)).status()).toBe(200);
  if ((await api.paymentMethods(maya.accountId)).length > 1) {
    expect((await api.raw('DELETE', `/b/v1/PaymentMethod/methods/${card!.paymentMethod.id}`)).status()).toBe(200);
  }
});
