import { expect, test, type Page } from '@playwright/test';
import { Api, scopedAccounts, type DemoUser } from './support/api';
import { signIn } from './support/auth';
import { settle } from './support/page';
import { SCREENS, type Screen } from './support/screens';

/**
 * No column cut off: every screen of `support/screens.ts`, and the customer's screens as the
 * family user (several accounts) and as staff acting for the customer, at 320, 360, 768, 1280 and 1920 px wide.
 * The page must not scroll sideways, no table may be wider than the box it sits in (a column hidden behind a
 * scroll with no cue), and no element of a table or card may clip its text (overflow hidden, scrollWidth beyond
 * clientWidth). One load per screen: the window is resized between widths, as a user resizing it would.
 */
const WIDTHS = [320, 360, 768, 1280, 1920] as const;
const HEIGHT = 800;

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

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

const OTHER_USERS: Screen[] = (['family', 'staff'] as const).flatMap((user) => [
  asOther(user, 'dashboard', '/', (page) => expect(h1(page, /^Account \d+$/)).toBeVisible()),
  asOther(user, 'invoices', '/invoices', (page) => expect(page.getByRole('link', { name: /^View details of invoice/ }).first()).toBeVisible()),
  asOther(user, 'usage', '/usage', (page) => expect(page.getByRole('region', { name: 'Daily usage' })).toBeVisible()),
  asOther(user, 'payments', '/payments', (page) => expect(h1(page, 'Payment Methods')).toBeVisible()),
  asOther(user, 'profile', '/profile', (page) => expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible()),
]);

interface Overflow {
  page: { scrollWidth: number; clientWidth: number };
  /** Tables wider than the box they scroll in. */
  tables: string[];
  /** Elements of a table or card whose text is cut. */
  clipped: string[];
}

/** What sticks out at the current width (a short description of each offender, for the failure message). */
const overflowOf = (page: Page): Promise<Overflow> =>
  page.evaluate(() => {
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()} class="${String(el.getAttribute('class') ?? '').slice(0, 60)}"> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    // Drawn at all (not display:none, not a visually hidden label, not in a closed <details>).
    const shown = (el: Element) => {
      if (el.closest('.sr-only, [hidden]') || el.getClientRects().length === 0) return false;
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    };
    const tables = [...document.querySelectorAll('table')]
      .filter(shown)
      .filter((table) => table.parentElement && table.offsetWidth > table.parentElement.clientWidth + 0.5)
      .map((table) => `${describe(table)}: ${table.offsetWidth} px in ${table.parentElement!.clientWidth} px`);
    // Tables and cards (list items, articles, term lists, dialogs, the card surfaces) and all inside them, once each.
    const CARDS = 'table, li, article, dl, [role="dialog"], .rounded-xl';
    const clipped: string[] = [];
    for (const el of document.querySelectorAll(`${CARDS}, :is(${CARDS}) *`)) {
      if (!(el instanceof HTMLElement) || !shown(el)) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === 'visible') continue;
      // A table's own scroll box is the tables check's.
      if (el.scrollWidth > el.clientWidth + 1 && el.firstElementChild?.tagName !== 'TABLE') {
        clipped.push(`${describe(el)}: ${el.scrollWidth} px in ${el.clientWidth} px (overflow ${style.overflowX})`);
      }
    }
    return {
      page: { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth },
      tables,
      clipped,
    };
  });

for (const screen of [...SCREENS, ...OTHER_USERS]) {
  test(`${screen.name}: nothing cut off or scrolling sideways from 320 to 1920 px`, async ({ page }) => {
    // Reached at a desktop width as the other scans do (their steps expect it), then resized.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    if (screen.user) await signIn(page, screen.user);
    await screen.open(page);

    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
      const seen = await overflowOf(page);
      if (seen.page.scrollWidth > seen.page.clientWidth) {
        problems.push(`${width} px: the page scrolls sideways (${seen.page.scrollWidth} px in ${seen.page.clientWidth} px)`);
      }
      problems.push(...seen.tables.map((table) => `${width} px: table wider than its box: ${table}`));
      problems.push(...seen.clipped.map((cell) => `${width} px: clipped: ${cell}`));
    }
    expect(problems, `${screen.name}:\n${problems.join('\n')}`).toEqual([]);
  });
}
