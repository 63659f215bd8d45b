import { expect, test } from '@playwright/test';
import { Api } from './support/api';
import { signIn } from './support/auth';
import { formatViolations, scanPage } from './support/axe';

interface PaymentJson {
  id: number;
  amount: number;
  status: string;
  description: string | null;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * docs/decisions/0036-refunds-and-pay-all.md: the family user, on the parent's dashboard (Jordan Lee, CAD), sees
 * what the family owes together and pays all of it in CAD with the parent's Visa: each share pays its own
 * account's open invoices (Noah's are USD and stay). The card and its confirmation are axe clean. Staff then
 * refund every share, so the invoices owe what they owed before (other journeys read them).
 */
test('a parent pays all its sub-accounts owe in one payment', async ({ page, request }) => {
  const family = await Api.as(request, 'family');
  const parent = await family.accountNamed('Jordan Lee');
  const maya = await family.accountNamed('Maya Lee');
  const owingOf = async (accountId: number) => (await family.unpaidInvoices(accountId)).reduce((sum, i) => sum + cents(i.owing), 0);
  const before = { parent: await owingOf(parent.accountId), maya: await owingOf(maya.accountId) };
  expect(before.maya, 'Maya owes something to pay').toBeGreaterThan(0);

  await signIn(page, 'family', { accountId: parent.accountId });
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Family and sub-accounts' });
  await expect(card.getByText('Total owing in CAD')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Accounts and their balances' }).getByRole('listitem')).toHaveCount(3);
  let violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);
  const payAll = card.getByRole('button', { name: /^Pay all / });
  await payAll.click();
  const dialog = page.getByRole('dialog', { name: 'Pay all accounts?' });
  await expect(dialog.getByText(/with Visa •••• 4242\./)).toBeVisible();
  violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('status').filter({ hasText: /Payment of .* submitted for \d accounts\./ })).toBeVisible();

  // Settled by the sandbox, the shares paid every CAD invoice of the parent and of Maya.
  await expect.poll(() => owingOf(maya.accountId), { timeout: 20_000 }).toBe(0);
  expect(await owingOf(parent.accountId)).toBe(0);

  // Staff give each share back in full: the invoices owe what they did (other journeys read them).
  const staff = await Api.as(request, 'staff');
  for (const [accountId, owed] of [[maya.accountId, before.maya], [parent.accountId, before.parent]] as const) {
    if (owed === 0) continue;
    const { recentPayments } = await staff.get<{ recentPayments: PaymentJson[] }>(`/b/v1/Billing/GetClientHomeModel/${accountId}`);
    const share = recentPayments.find((p) => p.description === 'Pay all' && p.status === 'Successful');
    expect(share, `account ${accountId} has a share of the pay-all payment`).toBeTruthy();
    expect(cents(share!.amount)).toBe(owed);
    const refund = await staff.post<{ status: string }>(`/b/v1/Payment/${share!.id}/refund`, { amount: share!.amount, reason: 'Pay all journey undone' });
    expect(refund.status).toBe('Succeeded');
    expect(await owingOf(accountId)).toBe(owed);
  }
});
