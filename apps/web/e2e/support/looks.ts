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
 * A look's one axe scan; its violations are attached to the report, with a full-page screenshot of the look
 * that has them (a look that passes needs no picture).
 */
export const scanLook = async (page: Page, testInfo: TestInfo, screen: string, look: Look): Promise<AxeViolation[]> => {
  const violations = await scanPage(page);
  await attachViolations(testInfo, `${screen}-${look.name}`, violations);
  if (violations.length) await attachScreenshot(page, testInfo, `${screen}--${look.name}`);
  return violations;
};

/** A full-page screenshot under test-results/screens/<name>.png, attached to the report: the page as a failed check saw it. */
export const attachScreenshot = async (page: Page, testInfo: TestInfo, name: string) => {
  const file = await screenshot(page, name);
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
};
