import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { serverNow, tokenFor } from './support/api';
import { submitLoginForm } from './support/auth';
import { formatViolations, scanPage } from './support/axe';
import { outboxSnapshot, waitForMail } from './support/outbox';

/**
 * docs/decisions/0033-usage-alerts-and-spending-limits.md: a customer chooses usage alerts and a spending
 * limit on the Usage screen; the provider loads a batch over the provider API that takes voice past 80 % of
 * the plan; the alert is under the bell at once and in the customer's email. Checked with axe, in English and
 * in French. The account and its person are made for this journey (as closed-account.spec.ts does), so no
 * other journey's data changes.
 */
const RUN = Date.now() % 1_000_000;
const ACCOUNT = `e2e-alerts-${RUN}`;
const PASSWORD = `Meadow-Signal-${RUN}-Pine`;

/** A provider API token of a new API client, created by the demo Admin. */
const providerHeaders = async (request: APIRequestContext): Promise<{ authorization: string }> => {
  const created = await request.post('/a/v1/ApiClients', {
    headers: { authorization: `Bearer ${await tokenFor(request, 'admin')}` },
    data: { name: `Usage alerts journey ${RUN}`, scopes: ['accounts:write', 'usage:write'] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { client, clientSecret } = (await created.json()) as { client: { clientId: string }; clientSecret: string };
  const issued = await request.post('/a/v1/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  return { authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}` };
};

/** An English account on a plan of 100 minutes, and a person who set their password from the invitation. */
const accountWithPerson = async (page: Page, request: APIRequestContext, headers: { authorization: string }, email: string) => {
  const account = await request.put(`/p/v1/accounts/${ACCOUNT}`, {
    headers,
    data: {
      name: 'Meadow Alerts Co',
      type: 'Residential',
      currency: 'CAD',
      language: 'English',
      timeZone: 'America/Toronto',
      invoiceName: 'Sam Alerts',
      invoiceEmail: email,
      plan: { name: 'Talk 100', allowances: { voiceMinutes: 100, dataMb: 2048 } },
      billingContact: { firstName: 'Sam', lastName: 'Alerts', primaryEmail: email, primaryPhone: '416 555 0134' },
      billingAddress: { streetNumber: '100', streetName: 'King St W', city: 'Toronto', province: 'ON', postal: 'M5X 1A9', country: 'CA' },
    },
  });
  expect(account.status(), await account.text()).toBe(201);
  const before = await outboxSnapshot();
  const invited = await request.post(`/p/v1/accounts/${ACCOUNT}/invitations`, { headers, data: { email, name: 'Sam Alerts' } });
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

/** Calls of the last hour (server time), `minutes` long each, as NDJSON. */
const calls = (batch: string, minutes: number[]) =>
  minutes
    .map((m, i) =>
      JSON.stringify({
        recordId: `${batch}-${i}`,
        accountExternalId: ACCOUNT,
        startedAt: new Date(serverNow() - 3_600_000 + i * 60_000).toISOString(),
        kind: 'voice',
        direction: 'outgoing',
        fromNumber: '+14165550134',
        toNumber: '+16135550101',
        durationSeconds: m * 60,
        description: 'Call to Ottawa, ON',
        amount: '0.0000',
      }),
    )
    .join('\n') + '\n';

test('set alerts, load a batch over the provider API that crosses 80 %, see the notification', async ({ page, request }) => {
  const email = `alerts.${RUN}@example.com`;
  const headers = await providerHeaders(request);
  await accountWithPerson(page, request, headers, email);

  await page.goto('/login');
  await submitLoginForm(page, email, { password: PASSWORD });
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/usage');
  const controls = page.getByRole('region', { name: 'Alerts and spending limit' });
  const alerts = controls.getByRole('region', { name: 'Usage alerts' });
  await expect(alerts).toContainText('Voice minutes80 %, 100 %');

  // Alerts: voice at 50 and 80 %, by email; the dialog gives focus back to its opener.
  const opener = alerts.getByRole('button', { name: 'Choose alerts' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Usage alerts' });
  await dialog.getByRole('group', { name: 'Voice minutes' }).getByRole('checkbox', { name: '50 %' }).check();
  await dialog.getByRole('group', { name: 'Voice minutes' }).getByRole('checkbox', { name: '100 %' }).uncheck();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save alerts' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(alerts).toContainText('Voice minutes50 %, 80 %');

  // A spending limit of $25.
  const limit = controls.getByRole('region', { name: 'Monthly spending limit' });
  await limit.getByRole('textbox', { name: 'Limit (CAD)' }).fill('25');
  await limit.getByRole('button', { name: 'Save limit' }).click();
  await expect(limit.getByRole('progressbar', { name: '$0.00 of $25.00 used this period' })).toBeVisible();
  await expect(limit).toContainText('your provider bars service beyond the plan until the period ends');
  await expectNoAxeViolations(page);

  // The provider loads a batch of 85 minutes: 50 % and 80 % are crossed at once, told once (80 %).
  const before = await outboxSnapshot();
  const loaded = await request.post(`/p/v1/usage/batches/e2e-alerts-${RUN}-1`, {
    headers: { ...headers, 'content-type': 'application/x-ndjson' },
    data: calls(`E2E-AL-${RUN}`, [40, 45]),
  });
  expect(loaded.status(), await loaded.text()).toBe(200);
  const mail = await waitForMail(email, before);
  expect(mail.text).toContain('You have used 80 % of your voice minutes: 85 of 100 minutes');

  await page.reload();
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').filter({ hasText: /You have used 80 % of your voice minutes: 85 of 100 minutes, with \d+ days? left in the period\./ })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  // In French: the card, the dialog and the alert.
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  const controlsFr = page.getByRole('region', { name: 'Alertes et limite de dépenses' });
  await expect(controlsFr.getByRole('region', { name: 'Alertes de consommation' })).toContainText('Minutes d’appels50 %, 80 %');
  await expect(controlsFr.getByRole('region', { name: 'Limite de dépenses mensuelle' })).toContainText('votre fournisseur bloque le service hors forfait');
  await expectNoAxeViolations(page);
  await controlsFr.getByRole('button', { name: 'Choisir les alertes' }).click();
  await expect(page.getByRole('dialog', { name: 'Alertes de consommation' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Notifications, 1/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('Vous avez utilisé 80 % de vos minutes d’appels');
});
