import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';

/**
 * Journey 11: light, dark and system from the
 * /login theme menu and the portal's toggle; the `dark` class on <html>; the choice survives a reload and is
 * applied before the app's script runs (no flash of the wrong theme).
 */

/**
 * Records whether <html> is dark when <body> first appears and when the document becomes interactive — both
 * before any module script (the app) runs.
 */
const installThemeProbe = (page: Page) =>
  page.addInitScript(() => {
    const probe = { atBody: null as boolean | null, atInteractive: null as boolean | null, appHadRendered: false };
    (window as unknown as { __themeProbe: typeof probe }).__themeProbe = probe;
    const dark = () => document.documentElement?.classList.contains('dark') ?? false;
    new MutationObserver((_records, observer) => {
      if (document.body && probe.atBody === null) {
        probe.atBody = dark();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        probe.atInteractive = dark();
        // A prerendered page (/login) has its HTML in #root from the start: that is not the app's rendering.
        const root = document.getElementById('root');
        probe.appHadRendered = (root?.childElementCount ?? 0) > 0 && root?.dataset.prerendered === undefined;
      }
    });
  });

const probeOf = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __themeProbe: { atBody: boolean | null; atInteractive: boolean | null; appHadRendered: boolean } })
        .__themeProbe,
  );

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const savedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'));

type ThemeOption = 'Light mode' | 'Use system setting' | 'Dark mode';

/** Opens the theme menu (Light mode, Use system setting, Dark mode). */
const openThemeMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Theme' }).click();
  const menu = page.getByRole('menu', { name: 'Theme' });
  await expect(menu.getByRole('menuitemradio')).toHaveText(['Light mode', 'Use system setting', 'Dark mode']);
  return menu;
};

/** Picks a theme with the keyboard (the menu opens on the checked item; arrows move; Enter picks). */
const chooseTheme = async (page: Page, option: ThemeOption) => {
  const menu = await openThemeMenu(page);
  for (let step = 0; step < 3; step += 1) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(menu.getByRole('menuitemradio', { name: option })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
};

const expectThemeBeforeAppScript = async (page: Page, dark: boolean) => {
  const probe = await probeOf(page);
  expect(probe.appHadRendered, 'probe ran before the app rendered').toBe(false);
  expect(probe.atBody, '<html> class when <body> is first parsed').toBe(dark);
  expect(probe.atInteractive, '<html> class before module scripts run').toBe(dark);
};

test('the /login theme menu items can be chosen with the mouse', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  const menu = await openThemeMenu(page);
  const dark = menu.getByRole('menuitemradio', { name: 'Dark mode' });
  // Nothing may cover the menu: the pointer must reach the item, not the page underneath.
  const topmost = await dark.evaluate((item) => {
    const box = item.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit && item.contains(hit) ? 'the menu item' : `<${hit?.tagName.toLowerCase()}${hit?.id ? ` id="${hit.id}"` : ''}>`;
  });
  expect(topmost, 'element under the pointer at the centre of "Dark mode"').toBe('the menu item');
  await dark.click({ timeout: 5_000 });
  expect(await isDark(page)).toBe(true);
  await openThemeMenu(page);
  await menu.getByRole('menuitemradio', { name: 'Light mode' }).click({ timeout: 5_000 });
  expect(await isDark(page)).toBe(false);
});

test('the /login theme menu switches light, dark and system, and the choice persists without a flash', async ({ page }) => {
  await installThemeProbe(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  // Default: system, which is light here.
  expect(await isDark(page)).toBe(false);
  await page.getByRole('button', { name: 'Theme' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Use system setting' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  await chooseTheme(page, 'Dark mode');
  expect(await isDark(page)).toBe(true);
  expect(await savedTheme(page)).toBe('dark');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  expect(await isDark(page)).toBe(true);
  await expectThemeBeforeAppScript(page, true);
  await page.getByRole('button', { name: 'Theme' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  // An explicit light choice wins over a dark OS setting.
  await page.emulateMedia({ colorScheme: 'dark' });
  await chooseTheme(page, 'Light mode');
  expect(await isDark(page)).toBe(false);
  expect(await savedTheme(page)).toBe('light');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  expect(await isDark(page)).toBe(false);
  await expectThemeBeforeAppScript(page, false);

  // System follows the OS setting, live.
  await chooseTheme(page, 'Use system setting');
  expect(await savedTheme(page)).toBe('system');
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  await page.reload();
  await expectThemeBeforeAppScript(page, true);
});

test("the portal's dark/light toggle switches the theme and the choice persists without a flash", async ({ page }) => {
  await installThemeProbe(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, 'customer');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Account \d+$/ })).toBeVisible();
  expect(await isDark(page)).toBe(false);

  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await isDark(page)).toBe(true);
  expect(await savedTheme(page)).toBe('dark');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Account \d+$/ })).toBeVisible();
  expect(await isDark(page)).toBe(true);
  await expectThemeBeforeAppScript(page, true);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // Another page of the portal keeps it, and the toggle turns it back to light.
  await page.goto('/invoices');
  expect(await isDark(page)).toBe(true);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await isDark(page)).toBe(false);
  expect(await savedTheme(page)).toBe('light');
  await page.reload();
  await expectThemeBeforeAppScript(page, false);
});
