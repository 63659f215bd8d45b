import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/** Screenshots of every screen (kept as test artifacts; test-results is gitignored). */
export const SCREENS_DIR = fileURLToPath(new URL('../../test-results/screens', import.meta.url));

export const VIEWPORTS = {
  phone: { width: 360, height: 800 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Waits until nothing is loading (no aria-busy region, no skeleton status) and no animation is running. */
export const settle = async (page: Page) => {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
};

/** A full-page screenshot under SCREENS_DIR; answers its path. */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  await mkdir(SCREENS_DIR, { recursive: true });
  const file = path.join(SCREENS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  return file;
};

/** An element's computed colour as [r, g, b] (any CSS colour syntax, converted by drawing it). */
export const rgbOf = (locator: Locator, property: 'color' | 'backgroundColor' = 'color'): Promise<[number, number, number]> =>
  locator.evaluate((el, prop) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el)[prop];
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, property);

/** Whether an element's text is drawn in a red (danger) colour: red clearly dominates green and blue. */
export const isRed = async (locator: Locator): Promise<boolean> => {
  const [r, g, b] = await rgbOf(locator);
  return r > 120 && r > g * 1.6 && r > b * 1.6;
};

/** This month `years` from now as MM/YY, for card expiry fields. */
export const expiryInYears = (years: number): string => {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + years) % 100).padStart(2, '0')}`;
};
