import type { Page } from '@playwright/test';

/** At phone width: how far the page scrolls sideways, and the header's height without the open mobile menu (null: no header). */
export const phoneFit = (page: Page) =>
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

export interface Overflow {
  page: { scrollWidth: number; clientWidth: number };
  /** Tables wider than the box they scroll in. */
  tables: string[];
  /** Elements of a table or card whose text is cut. */
  clipped: string[];
}

/** What sticks out at the current width (a short description of each offender, for the failure message). */
export const overflowOf = (page: Page): Promise<Overflow> =>
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
