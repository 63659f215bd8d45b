import { expect, test } from '@playwright/test';
import { authenticate, DEMO_PASSWORD, loginToken } from './support/api';
import { storedTokens, submitLoginForm } from './support/auth';
import { outboxSnapshot, resetLinkIn, waitForMail } from './support/outbox';

/**
 * Journey 2: forgot password → email → reset link → new password →
 * log in with it. Uses `francais` (Camille Tremblay), whose password is put back afterwards so that other
 * journeys can still log in with the demo password.
 */
const USER = 'francais';
const EMAIL = 'camille.tremblay@example.com';
const NEW_PASSWORD = `Quokka-Lantern-${Date.now() % 100_000}-Ferry`;

test.describe('forgot and reset password', () => {
  test.afterAll(async ({ request }) => {
    // Put the demo password back (whatever step the journey reached).
    const withNew = await authenticate(request, USER, NEW_PASSWORD);
    if (!withNew.successful) return;
    const response = await request.post('/a/v1/Password/Change', {
      headers: { authorization: `Bearer ${withNew.token}` },
      data: { currentPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD },
    });
    expect(await response.json()).toMatchObject({ successful: true });
    await loginToken(request, USER);
  });

  test('a blank entry is refused with the spec message', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Username or Email Address')).toHaveAttribute('aria-invalid', 'true');
  });

  test('reset by email, then log in with the new password', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('link', { name: 'Return to Login' })).toBeVisible();

    const before = await outboxSnapshot();
    await page.getByLabel('Username or Email Address').fill(USER);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(page.getByRole('status')).toContainText('A reset code has been sent to your email.');
    // On success the form is hidden.
    await expect(page.getByLabel('Username or Email Address')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send Reset Code' })).toHaveCount(0);

    const mail = await waitForMail(EMAIL, before);
    const link = resetLinkIn(mail);
    const url = new URL(link);
    expect(url.origin, 'the link points at this portal').toBe(new URL(page.url()).origin);
    expect(url.pathname).toBe('/reset-password');

    // francais's account is French: so are the mail and the page its link opens.
    expect(url.searchParams.get('lang')).toBe('fr');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Réinitialiser le mot de passe' })).toBeVisible();
    // The rest of this journey reads the English texts: the page's own language switch, as a reader would.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Login' })).toBeVisible();

    // Both fields must match.
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();

    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been updated successfully.');
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);

    // The old password no longer works; the new one does, through the login form.
    expect((await authenticate(request, USER, DEMO_PASSWORD)).successful).toBe(false);
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLoginForm(page, USER, { password: NEW_PASSWORD });
    await expect(page).toHaveURL(/\/$/);
    // francais reads the portal in French (docs/decisions/0008-demo-data.md): "Compte {number}".
    await expect(page.getByRole('heading', { level: 1, name: /^(Account|Compte) \d+$/ })).toBeVisible();
    expect((await storedTokens(page)).session).toBeTruthy();

    // The link was single use (docs/decisions/0005-security-model.md), and says so as soon as it is opened again, offering a new one.
    await page.goto('/logout');
    await page.goto(link);
    // francais signed in above, so the page now reads French (the language last shown is kept).
    await expect(page.getByRole('alert')).toContainText('Ce lien de réinitialisation a expiré ou a déjà été utilisé. Demandez-en un nouveau.');
    await expect(page.getByLabel('Nouveau mot de passe', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Demander un nouveau code' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    expect((await authenticate(request, USER, NEW_PASSWORD)).successful).toBe(true);
  });
});
