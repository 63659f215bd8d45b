import { expect, test, type Page } from '@playwright/test';
import { isRed } from './support/page';

/**
 * The prerendered login page inlines only what its markup uses of the app's stylesheet (page-stylesheet.ts);
 * the boot script (src/hydrate.ts) loads the app's own before the app renders anything the markup lacks.
 */

/** Links the stylesheets the boot script names, as it would, and waits for them. */
const linkAppStylesheets = (page: Page) =>
  page.evaluate(async () => {
    const hrefs = document.querySelector<HTMLScriptElement>('#app-boot')?.dataset.appStylesheet?.split(' ') ?? [];
    await Promise.all(
      hrefs.map(
        (href) =>
          new Promise((resolve, reject) => {
            const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href, crossOrigin: '' });
            link.addEventListener('load', resolve);
            link.addEventListener('error', reject);
            document.head.append(link);
          }),
      ),
    );
    return hrefs.length;
  });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the login page looks the same with its own stylesheet as with the app's (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    // The page as it paints: the app never boots, so nothing but the stylesheets can change it.
    await page.route('**/assets/hydrate-*.js', (route) => route.abort());
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
      expect(await page.locator('link[rel=stylesheet]').count()).toBe(0);
      const ownStylesheet = await page.screenshot({ fullPage: true });
      expect(await linkAppStylesheets(page)).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(1);
      const appStylesheet = await page.screenshot({ fullPage: true });
      // Compared as bytes: a diff of two PNGs would say nothing more, slowly.
      expect(appStylesheet.equals(ownStylesheet), `the page at ${width} px changed with the app's stylesheet`).toBe(true);
    }
  });
}

test("once the app runs, the app's stylesheet styles what the prerendered markup did not have", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Username')).not.toHaveAttribute('readonly');
  await expect(page.locator('link[rel=stylesheet]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Log In' }).click();
  const required = page.locator('#root p.text-danger').first();
  await expect(required).toBeVisible();
  expect(await isRed(required)).toBe(true);
});
