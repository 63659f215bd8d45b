import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { Api, scopedAccounts, type DemoUser } from './support/api';
import { signIn } from './support/auth';
import { formatViolations, type AxeViolation } from './support/axe';
import { overflowOf, phoneFit } from './support/fit';
import { attachScreenshot, lookAt, scanLook, type Look } from './support/looks';
import { settle, VIEWPORTS, type ViewportName } from './support/page';
import { SCREENS, type Screen } from './support/screens';

/**
 * The screen scans (journeys 14 and 15, docs/decisions/0015-screens-fit-a-phone.md). Each screen state is opened
 * once, at desktop width, and every check of that state runs on the one visit (docs/decisions/0022-ci-fits-two-cores.md):
 *
 * - axe: one axe-core scan (WCAG 2.0/2.1 A+AA, 2.2 AA) per state and theme, in light, and in dark where the
 *   screen's colours are not only the design tokens (`themes` in support/screens.ts; the tokens' contrast in both
 *   themes is src/design-tokens.test.ts's). It is at 1440 × 900 unless the state renders something else on a
 *   phone: then at 320 × 640 as well (cards in place of a table) or instead (the phone header's own controls,
 *   the pay dialog's card label), `widths` in support/screens.ts. Dark is scanned at the first of those widths;
 * - phone: at 320 px, the narrowest the portal supports (below 640 px one layout serves every width, so what fits
 *   at 320 fits wider; a screen whose layout changes in between lists that width too, `phoneWidths`), no sideways
 *   scroll (the page's scroll width at most the window's), and the sticky header with the account selector on one
 *   line, at most `ONE_LINE` px, 10 % of the screen (it took two, about 17 %, before); public pages have no sticky
 *   header. Checked at every phone look and again in the widths;
 * - widths: resized to 320, 360, 768, 1280 and 1920 px as a user resizing the window would: the page does not
 *   scroll sideways, no table is wider than the box it sits in (a column hidden behind a scroll with no cue), and
 *   no element of a table or card clips its text (overflow hidden, scrollWidth beyond clientWidth).
 *
 * A look or width where a check fails is screenshot (full page) under test-results/screens/ and attached to the
 * report. The screens of support/screens.ts get every check; the shell states below (an invoice's payment history,
 * the phone account selector, staff acting for a customer, a customer with several accounts) are scanned at phone
 * width, and the customer's screens as those two users are checked at phone width and across the widths.
 */
const PHONE_WIDTHS = [320];
const PHONE_HEIGHT = 640;
/** The header's single row (h-16) and its border. */
const ONE_LINE = 65;
const WIDTHS = [320, 360, 768, 1280, 1920] as const;
const WIDTHS_HEIGHT = 800;

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Which checks a visit runs: axe at the widths of `axe` (none: only the widths), and the resizing through WIDTHS. */
interface Visit {
  screen: Screen;
  axe: ViewportName[];
  widths: boolean;
}

/** A customer screen opened by another user: the family user (several accounts) or staff acting for the customer. */
const asOther = (user: DemoUser, name: string, path: string, ready: (page: Page) => Promise<void>): Screen => ({
  name: `${name}-as-${user}`,
  user,
  open: async (page) => {
    if (user === 'staff') {
      const customer = await Api.as(page.request, 'customer');
      await page.goto('/');
      await page.evaluate((id) => localStorage.setItem('currentAccountId', String(id)), scopedAccounts(customer.token)[0]!);
    }
    await page.goto(path);
    await ready(page);
  },
});

/** The shell as staff acting for the customer, and as a customer with several accounts (their dashboards). */
const SHELL_USERS: Screen[] = [
  {
    name: 'dashboard-staff-acting-for-customer',
    user: 'staff',
    open: async (page) => {
      const customer = await Api.as(page.request, 'customer');
      const accountId = scopedAccounts(customer.token)[0]!;
      await page.goto('/');
      await page.evaluate((id) => localStorage.setItem('currentAccountId', String(id)), accountId);
      await page.reload();
      await expect(h1(page, /^Account \d+$/)).toBeVisible();
      await expect(page.getByRole('note')).toContainText('Viewing account');
    },
  },
  {
    name: 'dashboard-several-accounts',
    user: 'family',
    open: async (page) => {
      await page.goto('/');
      await expect(h1(page, /^Account \d+$/)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Account\b/ })).toBeVisible();
    },
  },
];

/** Phone-width states of the shell that are not among support/screens.ts's. */
const SHELL_PHONE: Screen[] = [
  {
    // An invoice with payments: its Payment History (not among the list's screens).
    name: 'invoice-detail-payment-history',
    user: 'customer',
    open: async (page) => {
      const api = await Api.as(page.request, 'customer');
      const invoices = await api.postedInvoices(scopedAccounts(api.token)[0]!);
      const paid = invoices.find((invoice) => invoice.owing < invoice.amount);
      expect(paid, 'the customer has an invoice with payments').toBeTruthy();
      await page.goto(`/invoices/${paid!.id}`);
      await expect(h1(page, /^Invoice #/)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Payment History' })).toBeVisible();
    },
  },
  {
    // The phone header's own selector, open (the list's 'account-selector-open' is the desktop one).
    name: 'account-selector-open-phone',
    user: 'staff',
    open: async (page) => {
      await page.setViewportSize({ width: PHONE_WIDTHS[0]!, height: PHONE_HEIGHT });
      await page.goto('/');
      await page.getByRole('button', { name: /^Account\b/ }).click();
      await page.getByRole('combobox', { name: 'Search accounts' }).fill('Northwind');
      await expect(page.getByRole('option')).toHaveCount(3);
    },
  },
];

/** The customer's other screens as the family user and as staff (their dashboards are SHELL_USERS). */
const OTHER_USERS: Screen[] = (['family', 'staff'] as const).flatMap((user) => [
  asOther(user, 'invoices', '/invoices', (page) => expect(page.getByRole('link', { name: /^View details of invoice/ }).first()).toBeVisible()),
  asOther(user, 'usage', '/usage', (page) => expect(page.getByRole('region', { name: 'Daily usage' })).toBeVisible()),
  asOther(user, 'payments', '/payments', (page) => expect(h1(page, 'Payment Methods')).toBeVisible()),
  asOther(user, 'profile', '/profile', (page) => expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible()),
]);

const VISITS: Visit[] = [
  ...SCREENS.map((screen) => ({ screen, axe: screen.widths ?? (['desktop'] as ViewportName[]), widths: true })),
  // The phone header with the account selector of staff and of a customer with several accounts.
  ...SHELL_USERS.map((screen) => ({ screen, axe: ['phone'] as ViewportName[], widths: true })),
  ...SHELL_PHONE.map((screen) => ({ screen, axe: ['phone'] as ViewportName[], widths: false })),
  ...OTHER_USERS.map((screen) => ({ screen, axe: [] as ViewportName[], widths: true })),
];

/** After `checks`, the page as it is, attached when one of them failed (soft failures land in testInfo.errors at once). */
const shotIfFailed = async (page: Page, testInfo: TestInfo, name: string, checks: () => Promise<void>) => {
  const before = testInfo.errors.length;
  await checks();
  if (testInfo.errors.length > before) await attachScreenshot(page, testInfo, name);
};

/** Axe on each look; the violations of all of them are asserted together, so every look is scanned. */
const scanLooks = async (page: Page, testInfo: TestInfo, screen: Screen, looks: Look[]) => {
  const found: { where: string; violations: AxeViolation[] }[] = [];
  for (const look of looks) {
    await lookAt(page, look);
    const violations = await scanLook(page, testInfo, screen.name, look);
    if (violations.length) found.push({ where: look.name, violations });
    if (look.width < VIEWPORTS.desktop.width) {
      await shotIfFailed(page, testInfo, `${screen.name}--${look.name}--fit`, () => checkPhoneFit(page, screen, look.name));
    }
  }
  const report = found.map(({ where, violations }) => `${screen.name} (${where}):\n${formatViolations(violations)}`).join('\n\n');
  expect
    .soft(
      found.flatMap((f) => f.violations.map((v) => `${f.where}: ${v.id}`)),
      `axe violations:\n${report}`,
    )
    .toEqual([]);
};

/** At phone width: no sideways scroll, a one-line header, and in the pay dialog the chosen card's whole label. */
const checkPhoneFit = async (page: Page, screen: Screen, where: string) => {
  const seen = await phoneFit(page);
  expect
    .soft(seen.scrollWidth, `${screen.name} at ${where} scrolls sideways; wider: ${seen.wide.join(', ')}`)
    .toBeLessThanOrEqual(seen.innerWidth);
  if (seen.header !== null) {
    expect.soft(seen.header, `${screen.name} at ${where}: the header takes more than one line`).toBeLessThanOrEqual(ONE_LINE);
  }
  // The pay dialog: the chosen card's whole label is on screen (the closed select cuts it).
  const method = page.getByRole('dialog').getByRole('combobox', { name: 'Payment method' });
  if ((await method.count()) > 0) {
    const shown = method.locator('xpath=ancestor::div[1]/following-sibling::p[1]');
    const chosen = await method.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');
    expect.soft(chosen).toMatch(/•••• \d{4}/);
    await expect.soft(shown).toBeVisible();
    await expect.soft(shown).toHaveText(chosen);
    expect.soft(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
};

/**
 * Resized through WIDTHS (and the screen's phone widths): nothing scrolls sideways, sticks out of its box or is
 * cut; at the phone widths the phone checks too.
 */
const checkWidths = async (page: Page, testInfo: TestInfo, screen: Screen) => {
  const phone = screen.phoneWidths ?? PHONE_WIDTHS;
  for (const width of [...new Set([...WIDTHS, ...phone])].sort((a, b) => a - b)) {
    await page.setViewportSize({ width, height: WIDTHS_HEIGHT });
    await settle(page);
    await shotIfFailed(page, testInfo, `${screen.name}--${width}`, async () => {
      const seen = await overflowOf(page);
      const here: string[] = [];
      if (seen.page.scrollWidth > seen.page.clientWidth) {
        here.push(`${width} px: the page scrolls sideways (${seen.page.scrollWidth} px in ${seen.page.clientWidth} px)`);
      }
      here.push(...seen.tables.map((table) => `${width} px: table wider than its box: ${table}`));
      here.push(...seen.clipped.map((cell) => `${width} px: clipped: ${cell}`));
      expect.soft(here, `${screen.name}:\n${here.join('\n')}`).toEqual([]);
      if (phone.includes(width)) await checkPhoneFit(page, screen, `${width} px`);
    });
  }
};

for (const { screen, axe, widths } of VISITS) {
  const themes = screen.themes ?? ['light'];
  // Dark changes colours only, which no width changes: it is scanned at the state's first axe width.
  const looks: Look[] = axe.flatMap((viewport, index) => {
    const shades = index === 0 ? themes : (['light'] as const);
    const sizes = viewport === 'desktop' ? [VIEWPORTS.desktop] : (screen.phoneWidths ?? PHONE_WIDTHS).map((width) => ({ width, height: PHONE_HEIGHT }));
    return sizes.flatMap((size) => shades.map((theme) => ({ name: `${size.width === VIEWPORTS.desktop.width ? 'desktop' : size.width}--${theme}`, ...size, theme })));
  });
  const phoneAt = widths ? (screen.phoneWidths ?? PHONE_WIDTHS) : looks.filter((look) => look.width < VIEWPORTS.desktop.width).map((look) => look.width);
  const checks = [
    looks.length && `no axe violations at ${looks.map((look) => look.name).join(', ')}`,
    `no sideways scroll and a one-line header at ${[...new Set(phoneAt)].join(', ')} px`,
    widths && 'nothing cut off or scrolling sideways from 320 to 1920 px',
  ].filter(Boolean);

  test(`${screen.name}: ${checks.join('; ')}`, async ({ page }, testInfo) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    if (screen.user) await signIn(page, screen.user);
    await screen.open(page);

    if (looks.length) await test.step('axe', () => scanLooks(page, testInfo, screen, looks));
    if (widths) {
      await test.step('widths', async () => {
        // Back to light (the widths were always checked in light) when a look was dark.
        if (looks.some((look) => look.theme === 'dark')) {
          await lookAt(page, { name: 'widths', width: WIDTHS[0], height: WIDTHS_HEIGHT, theme: 'light' });
        }
        await checkWidths(page, testInfo, screen);
      });
    }
  });
}
