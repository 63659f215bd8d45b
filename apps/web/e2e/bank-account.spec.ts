import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BANK_DEBIT_AGREEMENTS } from '@portal/contract/bank-debit';
import { Api, tokenFor } from './support/api';
import { storedTokens, submitLoginForm } from './support/auth';
import { formatViolations, scanPage } from './support/axe';
import { outboxSnapshot, waitForMail } from './support/outbox';

/**
 * A customer adds a bank account (docs/decisions/0035-bank-debit.md): Add Payment Method → a bank account → the
 * agreement, which must be accepted → the sandbox's bank form → back with it listed; then pays an invoice by it,
 * which is Processing. Axe-clean in English and French.
 *
 * A person invited over the provider API to `demo-extra-6`, an account no other journey reads, so the bank
 * account added here (it cannot be removed while it is the only method) touches nothing another relies on.
 */
const ACCOUNT = 'demo-extra-6';
const PASSWORD = `Heron-Quay-${Date.now() % 100_000}-Slate`;

const providerToken = async (request: APIRequestContext): Promise<string> => {
  const created = await request.post('/a/v1/ApiClients', {
    headers: { authorization: `Bearer ${await tokenFor(request, 'admin')}` },
    data: { name: `Bank account journey ${Date.now()}`, scopes: ['accounts:write', 'invoices:write'] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { client, clientSecret } = (await created.json()) as { client: { clientId: string }; clientSecret: string };
  const issued = await request.post('/a/v1/oauth/token', { form: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: clientSecret } });
  return ((await issued.json()) as { access_token: string }).access_token;
};

/** Invites a new person to the account and signs them in; answers their API and the account's id. */
const invitedCustomer = async (page: Page, request: APIRequestContext) => {
  const email = `bank.${Date.now()}@example.com`;
  const provider = { authorization: `Bearer ${await providerToken(request)}` };
  const before = await outboxSnapshot();
  const invited = await request.post(`/p/v1/accounts/${ACCOUNT}/invitations`, { headers: provider, data: { email, name: 'Sam Banks' } });
  expect(invited.status(), await invited.text()).toBe(201);
  // An invoice of its own to pay by the bank account.
  const { currency } = (await (await request.get(`/p/v1/accounts/${ACCOUNT}`, { headers: provider })).json()) as { currency: string };
  const number = `BANK-${Date.now()}`;
  const posted = await request.put(`/p/v1/invoices/${number}`, {
    headers: provider,
    data: {
      accountExternalId: ACCOUNT,
      number,
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      issueDate: '2026-12-01',
      dueDate: '2026-12-21',
      currency,
      lines: [{ description: 'Unlimited Talk & Text', category: 'Plan', amount: '25.00' }],
      taxes: [],
      total: '25.00',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  // The invoice-ready email of the invoice just posted may come before the invitation.
  let link = '';
  while (!link) {
    const mail = await waitForMail(email, before);
    before.add(mail.file);
    link = /https?:\/\/\S+#invite=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '';
  }
  // Read in English whatever the account's language: the saved choice wins.
  await page.goto('/login');
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  const english = new URL(link);
  english.searchParams.delete('lang');
  await page.goto(english.toString());
  await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm New Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set.');
  await page.goto('/login');
  await submitLoginForm(page, email, { password: PASSWORD });
  await expect(page).toHaveURL(/\/$/);
  const api = new Api(request, (await storedTokens(page)).session!);
  const [account] = await api.accountNames();
  return { email, api, accountId: account!.accountId };
};

const expectNoViolations = async (page: Page) => {
  const violations = await scanPage(page);
  expect(violations, formatViolations(violations)).toEqual([]);
};

test('add a bank account accepting the agreement, and pay by it; axe-clean in English and French', async ({ page, request }) => {
  const { email, api, accountId } = await invitedCustomer(page, request);
  const details = await api.get<{ account: { currency: string; language: string } }>(`/b/v1/Account/details/${accountId}`);
  const pad = details.account.currency === 'CAD';
  // The agreement reads in the account's language, whatever the portal's.
  const agreementLanguage = details.account.language === 'French' ? 'fr' : 'en';
  const text = BANK_DEBIT_AGREEMENTS[pad ? 'acss_debit' : 'us_bank_account'][agreementLanguage];

  // French first: the dialog reads French and passes axe.
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Ajouter une carte' }).first().click();
  const frDialog = page.getByRole('dialog', { name: 'Ajouter un mode de paiement' });
  await frDialog.getByText(pad ? 'Un compte bancaire (débit préautorisé)' : 'Un compte bancaire (prélèvement ACH)').click();
  await expect(frDialog.getByRole('checkbox')).not.toBeChecked();
  await expectNoViolations(page);
  await frDialog.getByRole('button', { name: 'Annuler' }).click();

  // English: the agreement must be accepted before anything is saved.
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Add Card' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await dialog.getByText(pad ? 'A bank account (pre-authorized debit)' : 'A bank account (ACH debit)').click();
  const agreement = dialog.getByRole('region', { name: text.title });
  await expect(agreement).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('Please accept the agreement to add a bank account.');
  await expectNoViolations(page);
  await dialog.getByRole('checkbox', { name: text.accept }).check();

  const before = await outboxSnapshot();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/b\/v1\/checkoutapi\/sandbox\/[^/?#]+\?theme=\w+&lang=en$/);
  await expect(page.getByRole('heading', { level: 1, name: pad ? 'Add a Canadian bank account (pre-authorized debit)' : 'Add a US bank account (ACH debit)' })).toBeVisible();
  await expectNoViolations(page);
  // A wrong number is refused with its reason; then a test account that settles.
  if (pad) {
    await page.getByLabel('Transit number (5 digits)').fill('1100');
    await page.getByLabel('Institution number (3 digits)').fill('000');
  } else {
    await page.getByLabel('Routing number (9 digits)').fill('110000001');
  }
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByLabel('Account holder name').fill('Sam Banks');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByRole('alert')).toContainText(pad ? 'The transit number must be 5 digits.' : 'This routing number is not valid: please check it.');
  await page.getByLabel(pad ? 'Transit number (5 digits)' : 'Routing number (9 digits)').fill(pad ? '11000' : '110000000');
  await page.getByLabel('Account number').fill('000123456789');
  await page.getByRole('button', { name: 'Save bank account' }).click();

  await expect(page).toHaveURL(/\/payments/);
  const listed = page.getByRole('list', { name: 'Saved cards' }).getByText('Sandbox Bank •••• 6789', { exact: true });
  await expect(listed).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved cards' })).toContainText(pad ? 'Bank account · 000-11000' : 'Bank account · 110000000');
  // The agreement's confirmation, emailed.
  const confirmation = await waitForMail(email, before);
  expect(confirmation.text).toContain(
    agreementLanguage === 'fr'
      ? 'Vous avez accepté l’accord ci-dessous pour le compte bancaire Sandbox Bank se terminant par 6789'
      : 'You accepted the agreement below for the bank account Sandbox Bank ending in 6789',
  );
  expect(confirmation.text).toContain(text.title);

  // Paying an invoice by it: Processing for days, said so.
  const [invoice] = await api.unpaidInvoices(accountId);
  expect(invoice, 'the account has an unpaid invoice').toBeTruthy();
  await page.goto(`/invoices/${invoice!.id}`);
  await page.getByRole('button', { name: 'Pay Invoice' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay Invoice' });
  const method = pay.getByRole('combobox', { name: 'Payment method' });
  await method.selectOption({ label: (await method.getByRole('option', { name: /Sandbox Bank •••• 6789/ }).textContent())! });
  await pay.getByRole('button', { name: /^Pay / }).click();
  await expect(pay.getByRole('status')).toContainText('A bank debit takes a few business days.');
  await expectNoViolations(page);
  const home = await api.homeModel(accountId);
  expect(home.recentPayments[0]).toMatchObject({ status: 'InProgress', card: { brand: 'Sandbox Bank', last4: '6789' } });
});
