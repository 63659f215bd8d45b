import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tokenFor } from './support/api';
import { submitLoginForm } from './support/auth';
import { formatViolations, scanPage } from './support/axe';
import { outboxSnapshot, waitForMail } from './support/outbox';

/**
 * docs/decisions/0016-closing-an-account.md: the provider's billing system closes an account over the provider
 * API; its person still signs in, sees on every screen that it is closed and until when its documents stay,
 * downloads an invoice's PDF, and is offered no payment. Checked with axe, in English and in French.
 *
 * The account and its person are made for this journey (through the provider API and the invitation email,
 * as invitation.spec.ts does) so that closing it changes nothing another journey on this server relies on.
 */
const RUN = Date.now() % 1_000_000;
const ACCOUNT = `e2e-closed-${RUN}`;
const INVOICE = `e2e-closed-invoice-${RUN}`;
const PASSWORD = `Quarry-Lantern-${RUN}-Fern`;

/** A provider API token of a new API client, created by the demo Admin. */
const providerHeaders = async (request: APIRequestContext): Promise<{ authorization: string }> => {
  const created = await request.post('/a/v1/ApiClients', {
    headers: { authorization: `Bearer ${await tokenFor(request, 'admin')}` },
    data: { name: `Closed account journey ${RUN}`, scopes: ['accounts:write', 'invoices:write'] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { client, clientSecret } = (await created.json()) as { client: { clientId: string }; clientSecret: string };
  const issued = await request.post('/a/v1/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  return { authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}` };
};

/** An English account with one unpaid posted invoice, and a person who set their password from the invitation. */
const accountWithPerson = async (page: Page, request: APIRequestContext, headers: { authorization: string }, email: string) => {
  const account = await request.put(`/p/v1/accounts/${ACCOUNT}`, {
    headers,
    data: {
      name: 'Harbour Closed Co',
      type: 'Residential',
      currency: 'CAD',
      language: 'English',
      timeZone: 'America/Toronto',
      invoiceName: 'Robin Closed',
      invoiceEmail: email,
      billingContact: { firstName: 'Robin', lastName: 'Closed', primaryEmail: email, primaryPhone: '416 555 0134' },
      billingAddress: { streetNumber: '100', streetName: 'King St W', city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' },
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  const invoice = await request.put(`/p/v1/invoices/${INVOICE}`, {
    headers,
    data: {
      accountExternalId: ACCOUNT,
      number: `CLOSED-${RUN}`,
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      issueDate: '2026-10-01',
      dueDate: '2026-10-21',
      currency: 'CAD',
      lines: [{ description: 'Talk & Text 150', category: 'Plan', amount: '50.00' }],
      taxes: [{ name: 'HST', amount: '6.50' }],
      total: '56.50',
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);

  const before = await outboxSnapshot();
  const invited = await request.post(`/p/v1/accounts/${ACCOUNT}/invitations`, { headers, data: { email, name: 'Robin Closed' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = /https?:\/\/\S+#invite=[A-Za-z0-9_-]+/.exec((await waitForMail(email, before)).text)?.[0];
  expect(link, 'an #invite= link in the email').toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm New Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set.');
};

const expectNoAxeViolations = async (page: Page) => {
  const violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);
};

test('a closed account’s person signs in, sees it closed, downloads an invoice and is offered no payment', async ({ page, request }) => {
  const email = `closed.${RUN}@example.com`;
  const headers = await providerHeaders(request);
  await accountWithPerson(page, request, headers, email);
  const closed = await request.post(`/p/v1/accounts/${ACCOUNT}/close`, { headers });
  expect(closed.status(), await closed.text()).toBe(200);
  const { documentsUntil } = (await closed.json()) as { documentsUntil: string };
  const untilYear = String(new Date(documentsUntil).getUTCFullYear());

  await page.goto('/login');
  await submitLoginForm(page, email, { password: PASSWORD });
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole('status').filter({ hasText: 'This account was closed on' });
  await expect(banner).toHaveText(new RegExp(`^This account was closed on \\w+ \\d+, \\d{4}\\. Its invoices and documents remain available until \\w+ \\d+, ${untilYear}\\.$`));
  await expect(page.getByRole('button', { name: 'Make a payment' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/invoices');
  await page.getByRole('link', { name: new RegExp(`CLOSED-${RUN}`) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`CLOSED-${RUN}`) })).toBeVisible();
  await expect(banner).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'Pay Invoice' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // In French: the same banner, in the account holder's other language.
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ce compte a été fermé le' })).toHaveText(
    new RegExp(`^Ce compte a été fermé le \\S+ \\S+ \\d{4}\\. Ses factures et documents restent disponibles jusqu’au \\S+ \\S+ ${untilYear}\\.$`),
  );
  await expect(page.getByRole('button', { name: 'Payer la facture' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
