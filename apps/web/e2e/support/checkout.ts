import { expect, type Page } from '@playwright/test';
import { expiryInYears } from './page';

/** Test cards of the sandbox provider (docs/decisions/0007-sandbox-card-provider.md, Stripe's test-mode numbers). */
export const TEST_CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  amex: '3782 822463 10005',
  declined: '4000 0000 0000 0002',
  /** Saved, but every charge on it fails. */
  failsCharges: '4000 0000 0000 0341',
} as const;

/**
 * The sandbox provider's hosted checkout page (docs/decisions/0007-sandbox-card-provider.md), served by the server at a path of its own, with
 * the portal's theme and language in its query.
 */
export const SANDBOX_CHECKOUT_URL = /\/b\/v1\/checkoutapi\/sandbox\/[^/?#]+\?theme=(light|dark|system)&lang=(en|fr)$/;

export const expectOnSandboxCheckout = async (page: Page) => {
  await expect(page).toHaveURL(SANDBOX_CHECKOUT_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a card' })).toBeVisible();
};

/** Fills the sandbox card form (labels of docs/decisions/0007-sandbox-card-provider.md) and presses "Save card". */
export const enterCard = async (
  page: Page,
  number: string,
  { name = 'E2E Tester', cvc }: { name?: string; cvc?: string } = {},
) => {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(expiryInYears(3));
  await page.getByLabel('CVC').fill(cvc ?? (number.startsWith('37') || number.startsWith('34') ? '1234' : '123'));
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: 'Save card' }).click();
};
