import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3300';
const [user, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const width = Number(process.env.W ?? 1280);
const ctx = await browser.newContext({ viewport: { width, height: 900 } });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.getByLabel(/Username|Nom d/).fill(user);
await page.getByLabel(/^(Password|Mot de passe)$/).fill('Demo-Pass-2025!');
await page.getByRole('button', { name: /Log In|Se connecter/ }).click();
await page.waitForURL(/\/$/);
await page.waitForTimeout(1500);
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2000);
  const name = `${user}${p.replace(/[^a-z0-9]/gi, '_')}_${width}`;
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  const text = await page.locator('main').innerText().catch(() => '');
  console.log(`==== ${p}\n${text}`);
}
await browser.close();
