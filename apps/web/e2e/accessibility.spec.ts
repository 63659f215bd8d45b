import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { formatViolations, type AxeViolation } from './support/axe';
import { lookAt, scanLook, type Look } from './support/looks';
import { VIEWPORTS } from './support/page';
import { SCREENS } from './support/screens';

/**
 * Journeys 14 and 15: every screen (and the dialogs that are screens of their own) is scanned with axe-core
 * for WCAG 2.0/2.1 A+AA and 2.2 AA, one scan per state: here at desktop width (1440×900) in light, and in dark
 * where the screen's colours are not only the design tokens (`themes` in support/screens.ts); the phone state
 * is scanned by phone-width.spec.ts. A full-page screenshot of each look is saved under test-results/screens/.
 */
const desktopScreens = SCREENS.filter((screen) => (screen.widths ?? ['desktop']).includes('desktop'));

for (const screen of desktopScreens) {
  const looks: Look[] = (screen.themes ?? ['light']).map((theme) => ({ name: `desktop--${theme}`, ...VIEWPORTS.desktop, theme }));
  test(`${screen.name}: no axe violations at desktop width (${looks.map((look) => look.theme).join(', ')})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    if (screen.user) await signIn(page, screen.user);
    await screen.open(page);

    const found: { where: string; violations: AxeViolation[] }[] = [];
    for (const look of looks) {
      await lookAt(page, look);
      const violations = await scanLook(page, testInfo, screen.name, look);
      if (violations.length) found.push({ where: look.name, violations });
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
