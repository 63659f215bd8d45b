import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { serverNow, tokenFor } from './support/api';
import { submitLoginForm } from './support/auth';
import { formatViolations, scanPage } from './support/axe';
import { outboxSnapshot, waitForMail } from './support/outbox';

/**
 * docs/decisions/0034-payment-arrangements-and-policy.md: an overdue customer arranges to pay in two instalments from
 * the dashboard and sees them there; the dialog passes axe, in English and in French, and fits a phone.
 *
 * The account and its person are made for this journey through the provider API and the invitation email (as
 * closed-account.spec.ts does), so the arrangement changes nothing another journey on this server relies on.
 */
const RUN = Date.now() % 1_000_000;
const ACCOUNT = `e2e-arrange-${RUN}`;
const PASSWORD = `Harbor-Compass-${RUN}-Reed`;
const DAY_MS = 86_400_000;
const dayOf = (offsetDays: number) => new Date(serverNow() + offsetDays * DAY_MS).toISOString().slice(0, 10);

const providerHeaders = async (request: APIRequestContext): Promise<{ authorization: string }> => {
  const created = await request.post('/a/v1/ApiClients', {
    headers: { authorization: `Bearer ${await tokenFor(request, 'admin')}` },
    data: { name: `Arrangement journey ${RUN}`, scopes: ['accounts:write', 'invoices:write'] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { client, clientSecret } = (await created.json()) as { client: { clientId: string }; clientSecret: string };
  const issued = await request.post('/a/v1/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  return { authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}` };
};

/** An English account owing 56.50 overdue for 10 days, and its person signed in. */
const overdueCustomer = async (page: Page, request: APIRequestContext, email: string) => {
  const headers = await providerHeaders(request);
  const account = await request.put(`/p/v1/accounts/${ACCOUNT}`, {
    headers,
    data: {
      name: 'Harbour Arrange Co',
      type: 'Residential',
      currency: 'CAD',
      language: 'English',
      timeZone: 'America/Toronto',
      invoiceName: 'Sam Arrange',
      invoiceEmail: email,
      billingContact: { firstName: 'Sam', lastName: 'Arrange', primaryEmail: email, primaryPhone: '416 555 0135' },
      billingAddress: { streetNumber: '100', streetName: 'King St W', city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' },
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  const invoice = await request.put(`/p/v1/invoices/e2e-arrange-invoice-${RUN}`, {
    headers,
    data: {
      accountExternalId: ACCOUNT,
      number: `ARRANGE-${RUN}`,
      periodStart: dayOf(-70),
      periodEnd: dayOf(-41),
      issueDate: dayOf(-40),
      dueDate: dayOf(-10),
      currency: 'CAD',
      lines: [{ description: 'Talk & Text 150', category: 'Plan', amount: '50.00' }],
      taxes: [{ name: 'HST', amount: '6.50' }],
      total: '56.50',
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const before = await outboxSnapshot();
  const invited = await request.post(`/p/v1/accounts/${ACCOUNT}/invitations`, { headers, data: { email, name: 'Sam Arrange' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = /https?:\/\/\S+#invite=[A-Za-z0-9_-]+/.exec((await waitForMail(email, before)).text)?.[0];
  expect(link, 'an #invite= link in the email').toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm New Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set.');
  await page.goto('/login');
  await submitLoginForm(page, email, { password: PASSWORD });
  await expect(page).toHaveURL(/\/$/);
};

const expectNoAxeViolations = async (page: Page) => {
  const violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);
};

test('an overdue customer arranges two instalments and sees them on the dashboard', async ({ page, request }) => {
  await overdueCustomer(page, request, `arrange.${RUN}@example.com`);
  const card = page.getByRole('region', { name: 'Payment arrangement' });
  await expect(card.getByText(/Arrange to pay it in up to 2 instalments\./)).toBeVisible();
  await expect(page.getByText(/^Amount overdue: /)).toBeVisible();

  // In French first: the dialog's words, axe, and Escape gives focus back to the button that opened it.
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  const frenchOpen = page.getByRole('region', { name: 'Entente de paiement' }).getByRole('button', { name: 'Prendre une entente de paiement' });
  await frenchOpen.click();
  const french = page.getByRole('dialog', { name: 'Prendre une entente de paiement' });
  await expect(french.getByRole('textbox', { name: /Montant du versement 1/ })).toBeVisible();
  await expect(french.getByText(/Répartissez les 56,50\s\$ en souffrance en 2 versements au plus\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(french).toBeHidden();
  await expect(frenchOpen).toBeFocused();
  await page.getByRole('button', { name: /Menu utilisateur|User menu/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();

  // At phone width the dialog fits.
  await page.setViewportSize({ width: 320, height: 700 });
  const open = card.getByRole('button', { name: 'Arrange to pay' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Arrange to pay' });
  await expect(dialog.getByLabel(/Date of instalment 1/)).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A total short of the overdue amount is said before anything is sent.
  const first = dialog.getByRole('textbox', { name: /Amount of instalment 1/ });
  const second = dialog.getByRole('textbox', { name: /Amount of instalment 2/ });
  await expect(first).toHaveValue('28.25');
  await expect(second).toHaveValue('28.25');
  await second.fill('20.00');
  await dialog.getByRole('button', { name: 'Arrange to pay' }).click();
  await expect(dialog.getByText(/The instalments must add up to \$56\.50\./)).toBeVisible();
  await second.fill('28.25');
  await dialog.getByRole('combobox', { name: 'How you pay' }).selectOption({ label: 'I will pay each instalment myself' });
  await dialog.getByRole('button', { name: 'Arrange to pay' }).click();
  await expect(dialog).toBeHidden();

  await expect(card.getByText('Your payment arrangement is set up: 2 instalments of $56.50 in all.')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Next instalment: \$28\.25 on .+ \(Upcoming\)$/)).toBeVisible();
  const instalments = card.getByRole('list', { name: 'Instalments' }).getByRole('listitem');
  await expect(instalments).toHaveCount(2);
  await expect(instalments.filter({ hasText: 'Upcoming' })).toHaveCount(2);
  // Covered by the arrangement, nothing shows as overdue, and it cannot be arranged twice.
  await expect(page.getByText(/^Amount overdue: /)).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Arrange to pay' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
