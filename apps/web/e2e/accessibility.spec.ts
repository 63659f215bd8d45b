import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { formatViolations, scanPage, attachViolations, type AxeViolation } from './support/axe';
import { screenshot, settle, VIEWPORTS } from './support/page';
import { SCREENS } from './support/screens';

/**
 * Journeys 14 and 15: every screen (and the dialogs that are screens of their own) is scanned with axe-core
 * for WCAG 2.0/2.1 A+AA and 2.2 AA, in light and dark, at desktop (1440×900) and phone (360×800) width, and
 * a full-page screenshot of each is saved under test-results/screens/<screen>--<width>--<theme>.png.
 *
 * The theme is switched through the OS setting (the portal's default theme is "system", which follows it
 * live; the sandbox checkout page follows it too), so dialogs stay open across the four combinations.
 */
const THEMES = ['light', 'dark'] as const;

for (const screen of SCREENS) {
  test(`${screen.name}: no axe violations in light and dark, at phone and desktop width`, async ({ page }, testInfo) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    if (screen.user) await signIn(page, screen.user);
    await screen.open(page);

    const found: { where: string; violations: AxeViolation[] }[] = [];
    for (const width of screen.widths ?? (['desktop', 'phone'] as const)) {
      await page.setViewportSize(VIEWPORTS[width]);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        // The portal follows the OS setting live in its default "system" theme. Each look first asks the media
        // query afresh: Chromium may hold back the change event of a setting emulated right after a resize
        // until something evaluates media queries again (1 run in 8 here), which a real OS change does not need.
        if (!page.url().includes('/checkoutapi/')) {
          const dark = theme === 'dark';
          await expect
            .poll(() => page.evaluate(() => [matchMedia('(prefers-color-scheme: dark)').matches, document.documentElement.classList.contains('dark')]))
            .toEqual([dark, dark]);
        }
        await settle(page);
        const where = `${width} ${theme}`;
        const violations = await scanPage(page);
        await attachViolations(testInfo, `${screen.name}-${width}-${theme}`, violations);
        if (violations.length) found.push({ where, violations });
        await screenshot(page, `${screen.name}--${width}--${theme}`);
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
