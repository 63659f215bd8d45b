import { expect, type Page } from '@playwright/test';
import { Api, scopedAccounts, USERS, type DemoUser } from './api';
import { enterCard, expectOnSandboxCheckout, TEST_CARDS } from './checkout';
import type { Theme } from './looks';
import { VIEWPORTS, type ViewportName } from './page';

/**
 * Every screen of the portal, and the dialogs that are screens of their own, each with how to reach it: the
 * screen scans (screens.spec.ts) visit each once and run every check of its state.
 */
export interface Screen {
  name: string;
  user?: DemoUser;
  /**
   * Widths the state is scanned with axe at (default desktop): phone too where the phone renders what the desktop
   * does not (cards in place of a table, the phone header's own controls, the pay dialog's card label), phone
   * alone where only that differs. Every state is measured at phone width and resized across the widths.
   */
  widths?: ViewportName[];
  /**
   * Themes scanned (default light), dark at the first of `widths` (a theme changes colours, which no width
   * changes). The design tokens' contrast is checked in both themes by src/design-tokens.test.ts, so dark is a
   * state of its own only where colours are not only the tokens: theme-specific classes (`dark:`) or a
   * stylesheet of its own (the sandbox checkout).
   */
  themes?: Theme[];
  /**
   * Phone widths measured, and scanned where `widths` has phone (default 320 alone): add one where the layout
   * changes below 640 px (`min-[360px]:`).
   */
  phoneWidths?: number[];
  /** Brings the page to the screen and waits until it is ready. */
  open: (page: Page) => Promise<void>;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** An unpaid invoice of the demo customer, found at run time. */
const unpaidInvoiceId = async (page: Page): Promise<number> => {
  const api = await Api.as(page.request, 'customer');
  const [invoice] = await api.unpaidInvoices(scopedAccounts(api.token)[0]!);
  expect(invoice, 'the customer has an unpaid invoice').toBeTruthy();
  return invoice!.id;
};

const openInvoiceDetail = async (page: Page) => {
  await page.goto(`/invoices/${await unpaidInvoiceId(page)}`);
  await expect(h1(page, /^Invoice #/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing To' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CDRs' })).toBeVisible();
};

const openPayments = async (page: Page) => {
  await page.goto('/payments');
  await expect(h1(page, 'Payment Methods')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved cards' })).toBeVisible();
};

const openSandboxCheckout = async (page: Page) => {
  await openPayments(page);
  await page.getByRole('region', { name: 'Your Payment Methods' }).getByRole('button', { name: 'Add Card' }).click();
  await page.getByRole('dialog', { name: 'Add Payment Method' }).getByRole('button', { name: 'Continue' }).click();
  await expectOnSandboxCheckout(page);
};

/** The Admin's API clients: the table, or the empty state before any client exists. */
const openApiClients = async (page: Page) => {
  await page.goto('/admin/api-clients');
  await expect(h1(page, 'API clients')).toBeVisible();
  await expect(page.getByRole('table', { name: 'API clients' }).or(page.getByText('No API clients yet'))).toBeVisible();
};

/** The Admin's webhook endpoints: the table, or the empty state before any endpoint exists. */
const openWebhooks = async (page: Page) => {
  await page.goto('/admin/webhooks');
  await expect(h1(page, 'Webhooks')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Webhook endpoints' }).or(page.getByText('No webhook endpoints yet'))).toBeVisible();
};

/**
 * An endpoint of the screen scans, registered once per database: a local address nothing listens on (allowed
 * outside production), so its deliveries fail and the list shows failed attempts.
 */
const SCAN_ENDPOINT_URL = 'http://127.0.0.1:9/screen-scan';
const openWebhookDeliveries = async (page: Page) => {
  const api = await Api.as(page.request, 'admin');
  const endpoints = await api.get<{ id: number; url: string }[]>('/b/v1/Webhooks/endpoints');
  let scan = endpoints.find((endpoint) => endpoint.url === SCAN_ENDPOINT_URL);
  if (!scan) {
    const registered = await api.raw('POST', '/b/v1/Webhooks/endpoints', { url: SCAN_ENDPOINT_URL, events: ['invoice.posted'], description: 'Screen scan' });
    expect(registered.status(), await registered.text()).toBe(201);
    scan = ((await registered.json()) as { endpoint: { id: number; url: string } }).endpoint;
  }
  const test = await api.raw('POST', `/b/v1/Webhooks/endpoints/${scan.id}/test`);
  expect(test.status(), await test.text()).toBe(201);
  await openWebhooks(page);
  await page.getByRole('button', { name: `Deliveries: ${SCAN_ENDPOINT_URL}`, exact: true }).click();
  const deliveries = page.getByRole('region', { name: `Recent deliveries of ${SCAN_ENDPOINT_URL}`, exact: true });
  await expect(deliveries.getByRole('table', { name: 'Recent deliveries' }).or(deliveries.getByRole('list', { name: 'Recent deliveries' }))).toBeVisible();
};

const DISPUTE_TEXTS = {
  customer: { card: 'Charge disputes', open: 'Dispute a charge', dialog: 'Dispute this charge', charge: /^Charge/ },
  francais: { card: 'Contestations de frais', open: 'Contester des frais', dialog: 'Contester ces frais', charge: /^Frais/ },
} as const;

/** The Usage screen's alerts dialog (docs/decisions/0033-usage-alerts-and-spending-limits.md), in French for `francais`. */
const openUsageAlertsDialog = async (page: Page, user: 'customer' | 'francais' = 'customer') => {
  const fr = user === 'francais';
  await page.goto('/usage');
  await page.getByRole('button', { name: fr ? 'Choisir les alertes' : 'Choose alerts' }).click();
  const dialog = page.getByRole('dialog', { name: fr ? 'Alertes de consommation' : 'Usage alerts' });
  await expect(dialog.getByRole('group', { name: fr ? 'Minutes d’appels' : 'Voice minutes' }).getByRole('checkbox', { name: '80 %' })).toBeChecked();
};

/**
 * The dialog of "Dispute a charge" on the user's newest invoice (billed on the 1st of this month: inside the
 * terms' 30-day dispute window), its first charge chosen; in French for `francais`.
 */
const openDisputeDialog = async (page: Page, user: 'customer' | 'francais' = 'customer') => {
  const texts = DISPUTE_TEXTS[user];
  const api = await Api.as(page.request, user);
  const [newest] = await api.postedInvoices(scopedAccounts(api.token)[0]!);
  await page.goto(`/invoices/${newest!.id}`);
  await page.getByRole('region', { name: texts.card }).getByRole('button', { name: texts.open }).click();
  const charge = page.getByRole('dialog', { name: texts.dialog }).getByRole('combobox', { name: texts.charge });
  await expect(charge).toBeFocused();
  await charge.selectOption({ index: 1 });
};

interface DisputeJson {
  id: number;
  accountId: number;
  invoiceId: number;
  lineDescription: string;
  details: string;
}

/**
 * A dispute in `status` for the staff dialogs: one of the demo's "Northwind Logistics - US Sales" account (no
 * journey reads its invoices), reused when there is one, else raised by staff for a cent of its newest invoice's
 * first line (and taken, for Under review; resolved with a one-cent credit, for Resolved). Its details name the
 * status it is for: screens run two at a time, and one raised to be taken is Open for a moment, which a scan of
 * an Open dispute must not pick up.
 */
const staffDispute = async (page: Page, status: 'Open' | 'UnderReview' | 'Resolved'): Promise<DisputeJson> => {
  const api = await Api.as(page.request, 'staff');
  const account = await api.accountNamed('Northwind Logistics - US Sales');
  const details = `Accessibility sweep: ${status}`;
  const existing = await api.get<{ value: DisputeJson[] }>('/b/v1/Dispute/items', {
    dnfilter: `AccountId==${account.accountId} && Status=="${status}"`,
  });
  const reused = existing.value.find((dispute) => dispute.details === details);
  if (reused) return reused;
  const [newest] = await api.postedInvoices(account.accountId);
  const { value: lines } = await api.get<{ value: { id: number }[] }>('/b/v1/Charge/items', { dnfilter: `InvoiceId==${newest!.id}` });
  const opened = await api.post<DisputeJson>('/b/v1/Dispute', { chargeId: lines[0]!.id, reason: 'Other', details, amount: 0.01 });
  if (status === 'Open') return opened;
  const taken = await api.post<DisputeJson>(`/b/v1/Dispute/${opened.id}/review`, {});
  if (status === 'UnderReview') return taken;
  return api.post<DisputeJson>(`/b/v1/Dispute/${opened.id}/resolve`, { outcome: 'Resolved', creditedAmount: 0.01 });
};

/** The UI in French for every page the test opens next (the choice the user menu saves). */
const inFrench = (page: Page) => page.addInitScript(() => window.localStorage.setItem('language', 'fr'));

/** The invoice of a dispute resolved with a credit, its Credits card shown; staff act for the account. */
const openInvoiceCredits = async (page: Page, fr = false) => {
  const dispute = await staffDispute(page, 'Resolved');
  if (fr) await inFrench(page);
  await page.goto('/');
  await page.evaluate((id) => localStorage.setItem('currentAccountId', String(id)), dispute.accountId);
  await page.goto(`/invoices/${dispute.invoiceId}`);
  await expect(page.getByRole('heading', { level: 2, name: fr ? 'Crédits' : 'Credits' })).toBeVisible();
};

/**
 * Admin › Users with a person locked out, and the dialog that lifts it. The lockout is the
 * server's answer with the customer's `lockedOutUntil` set (the scans only look: nobody is really locked out).
 */
const openLiftLockout = async (page: Page, fr = false) => {
  await page.route((url) => url.pathname === '/a/v1/Users', async (route) => {
    const users = (await (await route.fetch()).json()) as { username: string; lockedOutUntil: string | null }[];
    const until = new Date(Date.now() + 14 * 60_000).toISOString();
    await route.fulfill({ json: users.map((user) => (user.username === USERS.customer ? { ...user, lockedOutUntil: until } : user)) });
  });
  if (fr) await inFrench(page);
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: fr ? 'Rechercher des utilisateurs' : 'Search users' }).fill(USERS.customer);
  await page.getByRole('button', { name: fr ? /^Lever le blocage\s: / : /^Lift lockout: / }).click();
  await expect(page.getByRole('dialog', { name: fr ? /^Lever le blocage de connexion de / : /^Lift the sign-in lockout of / })).toBeVisible();
};

/**
 * The Security screen's new recovery codes as the dialog shows them once. Two-factor sign-in is
 * on and the codes made in the server's answers, so the customer's real sign-in is left as it is.
 */
const openRecoveryCodes = async (page: Page, fr = false) => {
  await page.route((url) => url.pathname === '/a/v1/TwoFactor', (route) => route.fulfill({ json: { totp: true } }));
  await page.route((url) => url.pathname === '/a/v1/TwoFactor/recovery-codes', (route) =>
    route.fulfill({ json: { recoveryCodes: Array.from({ length: 10 }, (_, i) => `k7m${i}q-x9w${i}c`) } }),
  );
  if (fr) await inFrench(page);
  await page.goto('/security');
  await page.getByRole('button', { name: fr ? 'Nouveaux codes de récupération' : 'New recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: fr ? 'Créer de nouveaux codes de récupération?' : 'Make new recovery codes?' });
  await dialog.getByRole('button', { name: fr ? 'Créer les codes' : 'Make new codes' }).click();
  await expect(dialog.getByRole('list', { name: fr ? 'Codes de récupération' : 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
};

/**
 * The password change with a passkey added in the last 24 hours, and the choice to remove it
 * (the passkey is the server's answer, made an hour old).
 */
const openRecentPasskeyChoice = async (page: Page, fr = false) => {
  const createdAt = new Date(Date.now() - 60 * 60_000).toISOString();
  await page.route((url) => url.pathname === '/a/v1/Passkeys', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { value: [{ id: 1, name: 'Chrome on Linux', createdAt, lastUsedAt: null, backedUp: false }] } })
      : route.fallback(),
  );
  if (fr) await inFrench(page);
  await page.goto('/password');
  await expect(page.getByRole('checkbox', { name: fr ? 'Retirer aussi cette clé d’accès' : 'Also remove this passkey' })).toBeVisible();
};

const openAdminDisputes = async (page: Page) => {
  await page.goto('/admin/disputes');
  await expect(h1(page, 'Disputes')).toBeVisible();
  // Every caller made sure a dispute waits, so the list is there.
  await expect(page.getByRole('list', { name: 'Disputes' }).getByRole('article').first()).toBeVisible();
};

const openStaffDisputeDialog = async (page: Page, status: 'Open' | 'UnderReview', button: (id: number) => string, dialog: string) => {
  const dispute = await staffDispute(page, status);
  await openAdminDisputes(page);
  await page.getByRole('button', { name: button(dispute.id) }).click();
  await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
};

/** Staff's Refund dialog on the demo customer's newest successful payment (docs/decisions/0036-refunds-and-pay-all.md). */
const openRefundDialog = async (page: Page, fr = false) => {
  const [accountId] = scopedAccounts((await Api.as(page.request, 'customer')).token);
  if (fr) await inFrench(page);
  await page.goto('/');
  await page.evaluate((id) => localStorage.setItem('currentAccountId', String(id)), accountId);
  await page.goto('/payments');
  await page.getByRole('button', { name: fr ? /^Rembourser le paiement de / : /^Refund the payment of / }).first().click();
  await expect(page.getByRole('dialog', { name: fr ? 'Rembourser un paiement' : 'Refund a payment' }).getByRole('textbox').first()).toBeFocused();
};

export const SCREENS: Screen[] = [
  {
    name: 'login',
    // The sign-in pages' background has colours of its own in dark.
    themes: ['light', 'dark'],
    open: async (page) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    },
  },
  {
    name: 'login-errors',
    open: async (page) => {
      await page.goto('/login');
      await page.getByLabel('Username').fill('customer');
      await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-123');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  {
    name: 'forgot-password',
    open: async (page) => {
      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: 'Send Reset Code' })).toBeVisible();
    },
  },
  {
    name: 'reset-password',
    open: async (page) => {
      // The form as a working link shows it (the scan needs no real reset email).
      await page.route('**/a/v1/Password/CheckResetToken', (route) => route.fulfill({ json: { successful: true, error: null } }));
      await page.goto('/reset-password#reset=e2e-not-a-real-token');
      await expect(page.getByLabel('Confirm New Password')).toBeVisible();
    },
  },
  {
    name: 'reset-password-link-used',
    open: async (page) => {
      await page.goto('/reset-password#reset=e2e-not-a-real-token');
      await expect(page.getByRole('alert')).toContainText('This reset link has expired or was already used.');
    },
  },
  {
    name: 'login-callback-error',
    open: async (page) => {
      await page.goto('/login-callback#error=pending');
      await expect(h1(page, 'Account awaiting approval')).toBeVisible();
    },
  },
  {
    name: 'dashboard',
    user: 'customer',
    // The notification bell's count and the banners' close buttons have dark variants.
    themes: ['light', 'dark'],
    open: async (page) => {
      await page.goto('/');
      await expect(h1(page, /^Account \d+$/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'View bill' })).toBeVisible();
    },
  },
  {
    name: 'mobile-menu-open',
    user: 'customer',
    widths: ['phone'],
    open: async (page) => {
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto('/');
      await expect(h1(page, /^Account \d+$/)).toBeVisible();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    },
  },
  {
    name: 'dashboard-staff-choose-account',
    // The staff header's phone account selector (the desktop one is in every staff state at desktop width).
    widths: ['phone'],
    user: 'staff',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    },
  },
  {
    name: 'account-selector-open',
    user: 'staff',
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: /^Account\b/ }).click();
      await page.getByRole('combobox', { name: 'Search accounts' }).fill('Northwind');
      await expect(page.getByRole('option')).toHaveCount(3);
    },
  },
  {
    name: 'invoices',
    // A table at desktop width, cards on phones.
    widths: ['desktop', 'phone'],
    user: 'customer',
    open: async (page) => {
      await page.goto('/invoices');
      await expect(h1(page, 'Invoices & Billing')).toBeVisible();
      await expect(page.getByRole('link', { name: /^View details of invoice/ }).first()).toBeVisible();
    },
  },
  {
    name: 'usage',
    widths: ['desktop', 'phone'],
    user: 'customer',
    open: async (page) => {
      await page.goto('/usage');
      await expect(h1(page, 'Usage')).toBeVisible();
      await expect(page.getByRole('region', { name: 'This period' }).getByRole('progressbar').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Daily usage' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /records?, page/ })).toBeAttached();
    },
  },
  {
    name: 'usage-chart-table',
    widths: ['desktop', 'phone'],
    user: 'customer',
    open: async (page) => {
      await page.goto('/usage?type=sms');
      await page.locator('summary').filter({ hasText: 'Daily usage as a table' }).click();
      await expect(page.getByRole('table', { name: 'Daily usage as a table' })).toBeVisible();
      // Back to the top: scrolled down, the sticky header lies over the filters (axe counts them obscured).
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  { name: 'usage-alerts-dialog', widths: ['desktop', 'phone'], user: 'customer', open: (page) => openUsageAlertsDialog(page) },
  { name: 'usage-alerts-dialog-fr', user: 'francais', open: (page) => openUsageAlertsDialog(page, 'francais') },
  {
    name: 'invoices-no-match',
    user: 'customer',
    open: async (page) => {
      await page.goto('/invoices');
      await page.getByPlaceholder('Search invoices...').fill('ZZ-NONE');
      await expect(page.getByText('No invoices found matching "ZZ-NONE"')).toBeVisible();
    },
  },
  {
    name: 'statement-dialog',
    user: 'customer',
    open: async (page) => {
      await page.goto('/invoices');
      await page.getByRole('button', { name: 'Statement' }).click();
      await expect(page.getByRole('dialog', { name: 'Statement of account' }).getByRole('radio', { name: /PDF/ })).toBeChecked();
    },
  },
  {
    name: 'statement-dialog-errors',
    user: 'customer',
    open: async (page) => {
      await page.goto('/invoices');
      await page.getByRole('button', { name: 'Statement' }).click();
      const dialog = page.getByRole('dialog', { name: 'Statement of account' });
      await dialog.getByLabel(/^From/).fill('2025-02-01');
      await dialog.getByLabel(/^To/).fill('2025-01-31');
      await dialog.getByRole('button', { name: 'Download' }).click();
      await expect(dialog.getByText('The start date must be on or before the end date.')).toBeVisible();
    },
  },
  { name: 'invoice-detail', user: 'customer', open: openInvoiceDetail },
  { name: 'refund-dialog', widths: ['desktop', 'phone'], user: 'staff', open: (page) => openRefundDialog(page) },
  { name: 'refund-dialog-fr', user: 'staff', open: (page) => openRefundDialog(page, true) },
  {
    name: 'dashboard-family-balance',
    // The parent's family card: its account list wraps on phones.
    widths: ['desktop', 'phone'],
    user: 'family',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Family and sub-accounts' }).getByRole('list', { name: 'Accounts and their balances' })).toBeVisible();
    },
  },
  { name: 'dispute-dialog', user: 'customer', open: (page) => openDisputeDialog(page) },
  { name: 'dispute-dialog-fr', user: 'francais', open: (page) => openDisputeDialog(page, 'francais') },
  {
    name: 'dispute-dialog-errors',
    user: 'customer',
    open: async (page) => {
      await openDisputeDialog(page);
      const dialog = page.getByRole('dialog', { name: 'Dispute this charge' });
      await dialog.getByRole('textbox', { name: /Amount disputed/ }).fill('0');
      await dialog.getByRole('button', { name: 'Review dispute' }).click();
      await expect(dialog.getByText('Choose a reason.')).toBeVisible();
    },
  },
  {
    name: 'dispute-confirm',
    user: 'customer',
    open: async (page) => {
      await openDisputeDialog(page);
      const dialog = page.getByRole('dialog', { name: 'Dispute this charge' });
      await dialog.getByRole('combobox', { name: /Reason/ }).selectOption({ label: 'Another reason' });
      await dialog.getByRole('button', { name: 'Review dispute' }).click();
      await expect(page.getByRole('dialog', { name: 'Send this dispute?' }).getByRole('button', { name: 'Send dispute' })).toBeVisible();
    },
  },
  {
    name: 'admin-disputes',
    user: 'staff',
    open: async (page) => {
      await staffDispute(page, 'Open');
      await openAdminDisputes(page);
    },
  },
  {
    name: 'admin-disputes-account-filter',
    user: 'staff',
    open: async (page) => {
      await staffDispute(page, 'Open');
      await openAdminDisputes(page);
      const search = page.getByRole('search', { name: 'Disputes of one account' });
      await search.getByRole('textbox', { name: 'Account number' }).fill('not a number!');
      await search.getByRole('button', { name: 'Filter' }).click();
      await expect(search.getByText('Enter an account number: letters, digits and hyphens only.')).toBeVisible();
    },
  },
  {
    name: 'dispute-take-dialog',
    user: 'staff',
    open: (page) => openStaffDisputeDialog(page, 'Open', (id) => `Take dispute ${id}`, 'Take this dispute?'),
  },
  {
    name: 'dispute-resolve-dialog',
    user: 'staff',
    open: (page) => openStaffDisputeDialog(page, 'UnderReview', (id) => `Resolve dispute ${id} with a credit`, 'Resolve with a credit'),
  },
  {
    name: 'dispute-reject-dialog',
    user: 'staff',
    open: (page) => openStaffDisputeDialog(page, 'UnderReview', (id) => `Reject dispute ${id}`, 'Reject this dispute?'),
  },
  {
    name: 'pay-modal',
    // The chosen card's label under the select shows on phones only.
    widths: ['phone'],
    user: 'customer',
    // Every dialog's overlay is black in both themes.
    themes: ['light', 'dark'],
    open: async (page) => {
      await openInvoiceDetail(page);
      await page.getByRole('button', { name: 'Pay Invoice' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pay Invoice' });
      await expect(dialog.getByRole('combobox', { name: 'Payment method' })).toBeVisible();
    },
  },
  {
    name: 'pay-modal-custom-amount-error',
    user: 'customer',
    open: async (page) => {
      await openInvoiceDetail(page);
      await page.getByRole('button', { name: 'Pay Invoice' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pay Invoice' });
      await dialog.getByRole('radio', { name: 'Custom Amount' }).check();
      await dialog.getByRole('spinbutton').fill('0');
      await expect(dialog.getByText('Please enter a valid amount')).toBeVisible();
    },
  },
  {
    name: 'dashboard-pay-dialog',
    widths: ['phone'],
    user: 'customer',
    open: async (page) => {
      await page.goto('/');
      await expect(h1(page, /^Account \d+$/)).toBeVisible();
      await page.getByRole('region', { name: 'Current balance' }).getByRole('button', { name: 'Make a payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make a One-time Payment' });
      await expect(dialog.getByRole('combobox', { name: 'Payment method' })).toBeVisible();
    },
  },
  // The automatic payments switch's knob is white in both themes.
  { name: 'payments', widths: ['desktop', 'phone'], user: 'customer', themes: ['light', 'dark'], open: openPayments },
  {
    name: 'add-card-dialog',
    user: 'customer',
    open: async (page) => {
      await openPayments(page);
      await page.getByRole('region', { name: 'Your Payment Methods' }).getByRole('button', { name: 'Add Card' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Add Payment Method' }).getByRole('button', { name: 'Continue' }),
      ).toBeEnabled();
    },
  },
  {
    name: 'setup-autopay-dialog',
    user: 'customer',
    open: async (page) => {
      await openPayments(page);
      const region = page.getByRole('region', { name: 'Automatic Payments' });
      const toggle = region.getByRole('switch', { name: 'Automatic payments' });
      // Off in the demo data (the switch opens the dialog); when on, "Change schedule" opens the same dialog.
      if (await toggle.isChecked()) await region.getByRole('button', { name: 'Change schedule' }).click();
      else await toggle.click();
      await expect(page.getByRole('dialog', { name: 'Setup Automatic Payments' })).toBeVisible();
    },
  },
  {
    name: 'delete-card-dialog',
    user: 'customer',
    open: async (page) => {
      await openPayments(page);
      await page.getByRole('button', { name: /^Delete card Mastercard/ }).click();
      await expect(page.getByRole('dialog', { name: 'Delete card?' })).toBeVisible();
    },
  },
  {
    name: 'profile-view',
    user: 'customer',
    open: async (page) => {
      await page.goto('/profile');
      await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Billing Address' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Account activity' }).getByRole('status')).toHaveCount(0);
    },
  },
  {
    name: 'profile-email-notifications',
    user: 'customer',
    open: async (page) => {
      await page.goto('/profile');
      const choices = page.getByRole('region', { name: 'Email notifications' });
      await expect(choices.getByRole('checkbox', { name: 'A payment failed' })).toBeVisible();
      await choices.getByRole('button', { name: 'Save email choices' }).click();
      await expect(choices.getByRole('status')).toHaveText(/Your email choices were saved\./);
    },
  },
  {
    name: 'notifications-panel',
    user: 'customer',
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      // Listed, or the empty message: either way loaded.
      await expect(panel.getByRole('listitem').first().or(panel.getByText('You have no notifications.'))).toBeVisible();
    },
  },
  {
    name: 'profile-edit',
    user: 'customer',
    open: async (page) => {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    },
  },
  {
    name: 'profile-leave-dialog',
    user: 'customer',
    open: async (page) => {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('City').fill('Nowhere Town');
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    },
  },
  {
    name: 'profile-edit-errors',
    user: 'customer',
    open: async (page) => {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('Phone Number').fill('not a phone');
      await page.getByLabel('Invoice Email Address').fill('not-an-email');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    },
  },
  {
    name: 'user-details',
    user: 'admin',
    open: async (page) => {
      await page.goto('/user/details');
      await expect(h1(page, /.+/)).toBeVisible();
      await expect(page.getByText('Riley Chen').first()).toBeVisible();
    },
  },
  {
    name: 'change-password',
    user: 'customer',
    open: async (page) => {
      await page.goto('/password');
      await expect(h1(page, 'Change Password')).toBeVisible();
    },
  },
  {
    name: 'security',
    user: 'customer',
    open: async (page) => {
      await page.goto('/security');
      await expect(h1(page, 'Security')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Signed-in sessions' }).getByText('This device')).toBeVisible();
      // The passkey section once loaded (its list or its empty text), with its button.
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await expect(passkeys.getByText(/You have no passkeys yet\.|Added /).first()).toBeVisible();
      await expect(passkeys.getByRole('button', { name: 'Add a passkey' })).toBeVisible();
    },
  },
  { name: 'invoice-credits', widths: ['desktop', 'phone'], user: 'staff', open: (page) => openInvoiceCredits(page) },
  { name: 'invoice-credits-fr', user: 'staff', open: (page) => openInvoiceCredits(page, true) },
  { name: 'admin-users-lift-lockout', user: 'admin', open: (page) => openLiftLockout(page) },
  { name: 'admin-users-lift-lockout-fr', user: 'admin', open: (page) => openLiftLockout(page, true) },
  // The codes go from one column to two at 360 px (`min-[360px]:grid-cols-2`): a phone state of its own.
  { name: 'security-recovery-codes', user: 'customer', phoneWidths: [320, 360], open: (page) => openRecoveryCodes(page) },
  { name: 'security-recovery-codes-fr', user: 'customer', open: (page) => openRecoveryCodes(page, true) },
  { name: 'change-password-recent-passkey', user: 'customer', open: (page) => openRecentPasskeyChoice(page) },
  { name: 'change-password-recent-passkey-fr', user: 'customer', open: (page) => openRecentPasskeyChoice(page, true) },
  {
    name: 'admin-users',
    widths: ['desktop', 'phone'],
    user: 'admin',
    open: async (page) => {
      await page.goto('/admin/users');
      await expect(h1(page, 'Users')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    },
  },
  { name: 'admin-api-clients', widths: ['desktop', 'phone'], user: 'admin', open: openApiClients },
  {
    name: 'admin-api-clients-french',
    user: 'admin',
    open: async (page) => {
      await openApiClients(page);
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitemradio', { name: 'Français' }).click();
      await expect(h1(page, 'Clients API')).toBeVisible();
      await expect(page.getByRole('menu')).toBeHidden();
    },
  },
  {
    name: 'admin-api-client-secret',
    user: 'admin',
    open: async (page) => {
      await openApiClients(page);
      await page.getByRole('button', { name: 'Create API client' }).click();
      const create = page.getByRole('dialog', { name: 'Create API client' });
      await create.getByRole('textbox', { name: /Name/ }).fill('Screen scan BSS');
      await create.getByRole('checkbox', { name: /usage:write/ }).check();
      await create.getByRole('button', { name: 'Create API client' }).click();
      await expect(page.getByRole('dialog', { name: 'Secret of Screen scan BSS' }).getByRole('textbox', { name: 'Client secret' })).toHaveValue(/^pcs_/);
    },
  },
  { name: 'admin-webhooks', widths: ['desktop', 'phone'], user: 'admin', open: openWebhooks },
  {
    name: 'admin-webhooks-french',
    user: 'admin',
    open: async (page) => {
      await inFrench(page);
      await page.goto('/admin/webhooks');
      await expect(h1(page, 'Webhooks')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Points de terminaison webhook' }).or(page.getByText('Aucun point de terminaison pour l’instant'))).toBeVisible();
    },
  },
  { name: 'admin-webhook-deliveries', widths: ['desktop', 'phone'], user: 'admin', open: openWebhookDeliveries },
  {
    name: 'admin-webhook-register',
    user: 'admin',
    open: async (page) => {
      await openWebhooks(page);
      await page.getByRole('button', { name: 'Register endpoint' }).click();
      const register = page.getByRole('dialog', { name: 'Register a webhook endpoint' });
      await register.getByRole('button', { name: 'Register endpoint' }).click();
      await expect(register.getByText('Choose at least one event type')).toBeVisible();
    },
  },
  {
    name: 'admin-webhook-secret',
    user: 'admin',
    open: async (page) => {
      await openWebhooks(page);
      await page.getByRole('button', { name: 'Register endpoint' }).click();
      const register = page.getByRole('dialog', { name: 'Register a webhook endpoint' });
      await register.getByRole('textbox', { name: /URL/ }).fill('http://127.0.0.1:9/secret-scan');
      await register.getByRole('checkbox', { name: /Dispute opened/ }).check();
      await register.getByRole('button', { name: 'Register endpoint' }).click();
      await expect(page.getByRole('dialog', { name: /^Signing secret of/ }).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
    },
  },
  {
    name: 'admin-webhook-replay-failed',
    user: 'admin',
    open: async (page) => {
      await openWebhookDeliveries(page);
      await page.getByRole('button', { name: 'Replay failed deliveries' }).click();
      await expect(page.getByRole('dialog', { name: `Replay failed deliveries of ${SCAN_ENDPOINT_URL}` }).getByLabel(/^From/)).toBeVisible();
    },
  },
  {
    name: 'privacy-policy',
    open: async (page) => {
      await page.goto('/privacy-policy');
      await expect(h1(page, /Privacy/)).toBeVisible();
    },
  },
  {
    name: 'terms-of-use',
    open: async (page) => {
      await page.goto('/terms-of-use');
      await expect(h1(page, /Terms/)).toBeVisible();
    },
  },
  {
    name: 'not-found',
    open: async (page) => {
      await page.goto('/no-such-page');
      await expect(h1(page, 'Something went Wrong')).toBeVisible();
    },
  },
  { name: 'sandbox-checkout', user: 'customer', themes: ['light', 'dark'], open: openSandboxCheckout },
  {
    name: 'sandbox-checkout-declined',
    user: 'customer',
    themes: ['light', 'dark'],
    open: async (page) => {
      await openSandboxCheckout(page);
      await enterCard(page, TEST_CARDS.declined);
      await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    },
  },
];
