import { expect, test, type Page } from '@playwright/test';
import { Api, scopedAccounts } from './support/api';
import { signIn } from './support/auth';
import { formatViolations, type AxeViolation } from './support/axe';
import { lookAt, scanLook, type Look } from './support/looks';
import { VIEWPORTS } from './support/page';
import { SCREENS, type Screen } from './support/screens';

/**
 * Phone width: every screen (the accessibility sweep's list, plus an invoice's payment history and the shell
 * as staff and as a customer with several accounts, where the account selector shows) on a 320 × 640 phone,
 * the narrowest the portal supports: below 640 px one layout serves every width, so what fits at 320 fits
 * wider (a screen whose layout changes in between lists that width too, `phoneWidths`). Each look is the
 * screen's phone state: the sweep's screens are scanned with axe there (the desktop state is
 * accessibility.spec.ts's), every look is screenshot, must not scroll sideways — the page's scroll width is at
 * most the window's — and the sticky header with the account selector takes one line: at most `ONE_LINE` px,
 * 10 % of the screen (it took two, about 17 %, before). Public pages have no sticky header.
 */
const WIDTHS = [320];
const HEIGHT = 640;
/** The header's single row (h-16) and its border. */
const ONE_LINE = 65;

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const SHELL_SCREENS: Screen[] = [
  {
    // An invoice with payments: its Payment History (not among the accessibility sweep's screens).
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
    // The phone header's own selector, open (the sweep's 'account-selector-open' is the desktop one).
    name: 'account-selector-open-phone',
    user: 'staff',
    open: async (page) => {
      await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
      await page.goto('/');
      await page.getByRole('button', { name: /^Account\b/ }).click();
      await page.getByRole('combobox', { name: 'Search accounts' }).fill('Northwind');
      await expect(page.getByRole('option')).toHaveCount(3);
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

/** How far the page scrolls sideways, and the header's height without the open mobile menu (null: no header). */
const measure = (page: Page) =>
  page.evaluate(() => {
    // The portal's sticky header (the public pages' headers scroll away with the page).
    const header = [...document.querySelectorAll('header')].find((el) => getComputedStyle(el).position === 'sticky');
    const menu = document.getElementById('mobile-menu');
    const menuHeight = menu && !menu.hidden ? menu.getBoundingClientRect().height : 0;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      header: header ? header.getBoundingClientRect().height - menuHeight : null,
      wide: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 60)}`),
    };
  });

/** The sweep's screens whose phone state is theirs to scan with axe (the shell screens only measure). */
const scanned = new Set(SCREENS.filter((screen) => (screen.widths ?? ['phone']).includes('phone')));

for (const screen of [...SCREENS, ...SHELL_SCREENS]) {
  const axe = scanned.has(screen);
  const looks: Look[] = (screen.phoneWidths ?? WIDTHS).flatMap((width) =>
    (axe ? (screen.themes ?? ['light']) : (['light'] as const)).map((theme) => ({
      name: `${width}--${theme}`,
      width,
      height: HEIGHT,
      theme,
    })),
  );
  test(`${screen.name}: ${axe ? 'no axe violations, ' : ''}no sideways scroll and a one-line header at ${looks.map((look) => look.name).join(', ')}`, async ({
    page,
  }, testInfo) => {
    // Reached at desktop width as the accessibility sweep does (its steps expect that), then narrowed.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    if (screen.user) await signIn(page, screen.user);
    await screen.open(page);

    const found: { where: string; violations: AxeViolation[] }[] = [];
    for (const look of looks) {
      await lookAt(page, look);
      const violations = await scanLook(page, testInfo, screen.name, look, { axe });
      if (violations.length) found.push({ where: look.name, violations });
      const seen = await measure(page);
      expect(
        seen.scrollWidth,
        `${screen.name} at ${look.name} scrolls sideways; wider: ${seen.wide.join(', ')}`,
      ).toBeLessThanOrEqual(seen.innerWidth);
      if (seen.header !== null) {
        expect(seen.header, `${screen.name} at ${look.name}: the header takes more than one line`).toBeLessThanOrEqual(ONE_LINE);
      }
      // The pay dialog: the chosen card's whole label is on screen (the closed select cuts it).
      const method = page.getByRole('dialog').getByRole('combobox', { name: 'Payment method' });
      if ((await method.count()) > 0) {
        const shown = method.locator('xpath=ancestor::div[1]/following-sibling::p[1]');
        const chosen = await method.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');
        expect(chosen).toMatch(/•••• \d{4}/);
        await expect(shown).toBeVisible();
        await expect(shown).toHaveText(chosen);
        expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
    }

    const report = found
      .map(({ where, violations }) => `${screen.name} (${where}):\n${formatViolations(violations)}`)
      .join('\n\n');
    expect(
      found.flatMap((f) => f.violations.map((v) => `${f.where}: ${v.id}`)),
      `axe violations:\n${report}`,
    ).toEqual([]);
  });
}
