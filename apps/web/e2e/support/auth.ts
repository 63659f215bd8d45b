import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, tokenFor, USERS, type DemoUser } from './api';

/** The spec's storage keys (and ours: `language`). */
export const STORAGE = { token: 'token', currentAccountId: 'currentAccountId', theme: 'theme' } as const;

export interface UiLoginOptions {
  password?: string;
  remember?: boolean;
}

/** Fills and submits the /login form without waiting for the outcome. */
export const submitLoginForm = async (
  page: Page,
  username: string,
  { password = DEMO_PASSWORD, remember = false }: UiLoginOptions = {},
) => {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const rememberMe = page.getByRole('checkbox', { name: 'Remember me' });
  if (remember) await rememberMe.check();
  else await expect(rememberMe).not.toBeChecked();
  await page.getByRole('button', { name: 'Log In' }).click();
};

/** Logs in through the /login form and waits for the dashboard ("After a successful login the user goes to /"). */
export const loginViaUi = async (page: Page, user: DemoUser | string, options: UiLoginOptions = {}) => {
  const username = user in USERS ? USERS[user as DemoUser] : user;
  await submitLoginForm(page, username, options);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
};

export interface FastSignInOptions {
  /** Preselects this account (the app's own `currentAccountId` setting), e.g. a sub-account. */
  accountId?: number;
  /** Saved theme (`light`, `dark` or `system`). */
  theme?: 'light' | 'dark' | 'system';
}

/**
 * Signs the page's browser context in without the login form: a token from the API (one login per user and
 * worker), stored as "Remember me" does (localStorage `token`) before the app's first script runs. Only the
 * first document of each tab is seeded, so a later Log off or 401 is not undone by navigation.
 */
export const signIn = async (page: Page, user: DemoUser, options: FastSignInOptions = {}) => {
  const token = await tokenFor(page.request, user);
  await page.context().addInitScript(
    ({ token, accountId, theme, keys }) => {
      try {
        if (window.location.protocol !== 'http:' || window.sessionStorage.getItem('e2e:seeded') === token) return;
        window.sessionStorage.setItem('e2e:seeded', token);
        window.localStorage.setItem(keys.token, token);
        if (accountId !== undefined) window.localStorage.setItem(keys.currentAccountId, String(accountId));
        if (theme !== undefined) window.localStorage.setItem(keys.theme, theme);
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    { token, accountId: options.accountId, theme: options.theme, keys: STORAGE },
  );
  return token;
};

/** The token in each browser store of the current page. */
export const storedTokens = (page: Page) =>
  page.evaluate(
    (key) => ({ local: window.localStorage.getItem(key), session: window.sessionStorage.getItem(key) }),
    STORAGE.token,
  );

/** Opens the header's user menu and picks an entry. */
export const chooseFromUserMenu = async (page: Page, entry: string) => {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitem', { name: entry }).click();
};

/** The spec's dashboard heading ("Account {number}"). */
export const accountHeading = (page: Page, customerNo?: string) =>
  page.getByRole('heading', { level: 1, name: customerNo ? `Account ${customerNo}` : /^Account \d+$/ });
