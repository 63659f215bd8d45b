import { expect, type Page, type TestInfo } from '@playwright/test';
import { attachViolations, scanPage, type AxeViolation } from './axe';
import { screenshot, settle } from './page';

export type Theme = 'light' | 'dark';

/** One look at a screen state: its size and theme. */
export interface Look {
  name: string;
  width: number;
  height: number;
  theme: Theme;
}

/**
 * Brings the page to a look. The theme goes through the OS setting (the portal's default theme is "system",
 * which follows it live; the sandbox checkout page follows it too), so an open dialog stays open.
 */
export const lookAt = async (page: Page, look: Look) => {
  await page.setViewportSize({ width: look.width, height: look.height });
  await page.emulateMedia({ colorScheme: look.theme, reducedMotion: 'reduce' });
  // Chromium may hold back the change event of a setting emulated right after a resize until something
  // evaluates media queries again (1 run in 8 here), which a real OS change does not need: ask afresh.
  if (!page.url().includes('/checkoutapi/')) {
    const dark = look.theme === 'dark';
    await expect
      .poll(() =>
        page.evaluate(() => [
          matchMedia('(prefers-color-scheme: dark)').matches,
          document.documentElement.classList.contains('dark'),
        ]),
      )
      .toEqual([dark, dark]);
  }
  await settle(page);
};

/**
 * The one scan of a look: axe, unless `axe` is false (violations attached to the report), and a full-page
 * screenshot under test-results/screens/<screen>--<look>.png, attached too.
 */
export const scanLook = async (
  page: Page,
  testInfo: TestInfo,
  screen: string,
  look: Look,
  { axe = true } = {},
): Promise<AxeViolation[]> => {
  const violations = axe ? await scanPage(page) : [];
  await attachViolations(testInfo, `${screen}-${look.name}`, violations);
  const file = await screenshot(page, `${screen}--${look.name}`);
  await testInfo.attach(`${screen}--${look.name}`, { path: file, contentType: 'image/png' });
  return violations;
};
