import { expect, test } from '@playwright/test';
import { Api, forgetToken, loginToken, tokenFor, USERS } from './support/api';
import { chooseFromUserMenu, signIn } from './support/auth';

/**
 * Admin manages people, not only those awaiting approval: finds an active user by email,
 * edits their account access, and the change takes effect on that person's next request (their sessions end).
 */
interface ListedUser {
  id: number;
  name: string;
  username: string;
  roles: string[];
  accounts: { accountId: number; listName: string }[];
}

test("an Admin finds an active user by email, edits their accounts, and the user's session ends", async ({ page, request }) => {
  const admin = await Api.as(request, 'admin');
  const family = (await admin.get<ListedUser[]>('/a/v1/Users', { search: USERS.family })).find((u) => u.username === USERS.family)!;
  const alex = await admin.accountNamed('Alex Martin');
  expect(family.accounts.map((a) => a.accountId)).not.toContain(alex.accountId);
  const familyToken = await loginToken(request, USERS.family);

  try {
    await signIn(page, 'admin');
    await page.goto('/');
    await chooseFromUserMenu(page, 'Users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    const email = (await admin.get<{ email: string }[]>('/a/v1/Users', { search: USERS.family }))[0]!.email;
    await page.getByRole('searchbox', { name: 'Search users' }).fill(email.toUpperCase());
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Active');
    const row = page.getByRole('row').filter({ hasText: family.name });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: '1 user' })).toBeVisible();
    for (const account of family.accounts) await expect(row).toContainText(account.listName);

    const edit = row.getByRole('button', { name: `Edit access: ${family.name}` });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: `Access of ${family.name}` });
    for (const account of family.accounts) await expect(dialog.getByRole('button', { name: `Remove ${account.listName}` })).toBeVisible();
    await dialog.getByRole('searchbox', { name: 'Search accounts to add' }).fill('Alex');
    await dialog.getByRole('button', { name: `Add ${alex.listName}` }).click();
    await dialog.getByRole('button', { name: 'Save access' }).click();
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `The access of ${family.name} was changed.` })).toBeVisible();
    await expect(row).toContainText(alex.listName);

    // The session issued before the change no longer works: the new access needs a new sign-in.
    const before = await request.get('/a/v1/Sessions', { headers: { authorization: `Bearer ${familyToken}` } });
    expect(before.status()).toBe(401);
    const after = await Api.as(request, 'admin');
    const changed = (await after.get<ListedUser[]>('/a/v1/Users', { search: USERS.family })).find((u) => u.id === family.id)!;
    expect(changed.accounts.map((a) => a.accountId)).toContain(alex.accountId);
  } finally {
    await admin.post(`/a/v1/Users/${family.id}/approve`, { accountIds: family.accounts.map((a) => a.accountId), roles: family.roles });
    // Restoring the access ended family's sessions too: later journeys get a fresh shared token (signed in
    // now, before the lockout journey throttles family's name for browsers it has not signed in on).
    forgetToken('family');
    await tokenFor(request, 'family');
  }
});
