import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import { endpoints, pathFor } from '@portal/contract';

/**
 * The demo users of docs/decisions/0008-demo-data.md and a small client for the service's own API, used to set up and
 * check journeys quickly. Journeys drive the UI for what they prove; the API only finds data at run time
 * (an unpaid invoice, an account id) and restores state that later journeys rely on.
 */
// The server's own definition: one list of demo users for the seed and the journeys.
import { DEMO_PASSWORD, DEMO_USERNAMES as USERS, type DemoUser } from '../../../server/src/db/seed/demo-users';

export { DEMO_PASSWORD, USERS, type DemoUser };

export interface LoginResponse {
  successful: boolean;
  token: string | null;
  error: string | null;
}

export interface TokenClaims {
  name: string;
  roles: string[];
  scopes: string[];
  sub: string;
  exp: number;
}

export interface InvoiceListItem {
  id: number;
  accountId: number;
  invoiceNumber: string;
  startDate: string;
  endDate: string;
  dueDate: string;
  amount: number;
  currency: string;
  owing: number;
}

export interface PaymentMethodEntry {
  paymentMethod: { id: number; default: boolean };
  card: { id: string; brand: string; last4: string; expiry: string; expMonth: number; expYear: number };
}

export interface AccountListName {
  accountId: number;
  listName: string;
  parentId: number | null;
}

export interface HomeModel {
  balances: { amount: number; currency: { code: string } }[];
  recentPayments: { id: number; amount: number; status: string; date: string; failureReason: string | null }[];
}

export const authenticate = async (
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<LoginResponse> => {
  const path = pathFor(endpoints.authenticate);
  const response = await request.post(path, { data: { username, password } });
  expect(response.status(), `POST ${path} for ${username}`).toBe(200);
  return (await response.json()) as LoginResponse;
};

/** A fresh session token (one login call); fails the test when the login is refused. */
export const loginToken = async (request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> => {
  const result = await authenticate(request, username, password);
  expect(result.successful, `login of ${username}: ${result.error ?? ''}`).toBe(true);
  return result.token!;
};

/** The e2e server's data directory (wiped, with its database, whenever the server starts). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../../test-results/e2e-data', import.meta.url));

/**
 * The auth service throttles logins per address (100 per 15 minutes), so journeys share one token per user.
 * The tokens are kept in a file beside the database: they survive the worker restarts that follow a failed
 * test, and they go away with the database (and its signing keys) when the server starts afresh.
 */
const TOKEN_FILE = path.join(E2E_DATA_DIR, 'e2e-tokens.json');

const readTokens = (): Record<string, string> => {
  try {
    return existsSync(TOKEN_FILE) ? (JSON.parse(readFileSync(TOKEN_FILE, 'utf8')) as Record<string, string>) : {};
  } catch {
    return {};
  }
};

/** A session token for a demo user, logged in once per server run and reused (tokens last hours). */
export const tokenFor = async (request: APIRequestContext, user: DemoUser): Promise<string> => {
  const tokens = readTokens();
  const cached = tokens[user];
  if (cached && decodeToken(cached).exp * 1000 > Date.now() + 60_000) return cached;
  const token = await loginToken(request, USERS[user]);
  mkdirSync(E2E_DATA_DIR, { recursive: true });
  writeFileSync(TOKEN_FILE, JSON.stringify({ ...tokens, [user]: token }), { mode: 0o600 });
  return token;
};

/** Drops the shared token of a user whose sessions a journey ended (e.g. by changing their access). */
export const forgetToken = (user: DemoUser): void => {
  const { [user]: _ended, ...others } = readTokens();
  mkdirSync(E2E_DATA_DIR, { recursive: true });
  writeFileSync(TOKEN_FILE, JSON.stringify(others), { mode: 0o600 });
};

/** The claims of a session token (no verification: the browser does not verify either). */
export const decodeToken = (token: string): TokenClaims => {
  const payload = token.split('.')[1];
  if (!payload) throw new Error(`not a JWT: ${token.slice(0, 20)}…`);
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
};

/** Account ids named by a token's `ac:{id}` scopes. */
export const scopedAccounts = (token: string): number[] =>
  decodeToken(token)
    .scopes.filter((s) => s.startsWith('ac:'))
    .map((s) => Number(s.slice(3)));

type Query = Record<string, string | number | boolean>;

/** Bearer-authenticated calls to the billing and auth services. */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async as(request: APIRequestContext, user: DemoUser): Promise<Api> {
    return new Api(request, await tokenFor(request, user));
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async get<T>(path: string, params?: Query): Promise<T> {
    const response = await this.request.get(path, { headers: this.headers, params });
    expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  async post<T>(path: string, data: unknown): Promise<T> {
    const response = await this.request.post(path, { headers: this.headers, data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  /** A raw call, for journeys that check how the service refuses something. */
  async raw(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
    return this.request.fetch(path, { method, headers: this.headers, data });
  }

  /** The posted invoices of an account, newest first (the invoice list's own query). */
  async postedInvoices(accountId: number): Promise<InvoiceListItem[]> {
    const page = await this.get<{ value: InvoiceListItem[] }>(pathFor(endpoints.invoices), {
      orderby: 'EndDate desc',
      skip: 0,
      take: 1000,
      count: true,
      dnfilter: `AccountId==${accountId} && State=="Posted"`,
    });
    return page.value;
  }

  /** Posted invoices with something still owing, newest first. */
  async unpaidInvoices(accountId: number): Promise<InvoiceListItem[]> {
    return (await this.postedInvoices(accountId)).filter((invoice) => invoice.owing > 0);
  }

  async paymentMethods(accountId: number): Promise<PaymentMethodEntry[]> {
    return (await this.get<{ value: PaymentMethodEntry[] }>(pathFor(endpoints.paymentMethods, { accountId }))).value;
  }

  async homeModel(accountId: number): Promise<HomeModel> {
    return this.get<HomeModel>(pathFor(endpoints.homeModel, { accountId }));
  }

  /** Account list names (the user's own accounts and sub-accounts, or a staff search with `dnfilter`). */
  async accountNames(dnfilter?: string): Promise<AccountListName[]> {
    const query: Query = { orderby: 'listName asc', skip: 0, take: 100, count: true };
    if (dnfilter) query.dnfilter = dnfilter;
    return (await this.get<{ value: AccountListName[] }>(pathFor(endpoints.accountNames), query)).value;
  }

  /** The account whose list name starts with `name` (e.g. "Maya Lee"). */
  async accountNamed(name: string): Promise<AccountListName> {
    const all = await this.accountNames();
    const found = all.find((entry) => entry.listName.startsWith(name));
    expect(found, `an account named ${name} among ${all.map((a) => a.listName).join(', ')}`).toBeTruthy();
    return found!;
  }
}

/** The customer number in a list name like "Alex Martin (100001)". */
export const customerNoOf = (entry: AccountListName): string => {
  const match = /\((\d+)\)\s*$/.exec(entry.listName);
  if (!match) throw new Error(`no customer number in "${entry.listName}"`);
  return match[1]!;
};

/** Money as the UI shows it: absolute value, 2 decimals, the locale by currency. */
export const formatMoney = (amount: number, currency: string, locale?: string): string => {
  const byCurrency: Record<string, string> = { USD: 'en-US', CAD: 'en-CA', GBP: 'en-GB', EUR: 'de-DE' };
  return new Intl.NumberFormat(locale ?? byCurrency[currency] ?? 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(amount));
};

/** Exact subtraction of two wire amounts (≤ 2 decimals) in cents. */
export const subtractMoney = (a: number, b: number): number => (Math.round(a * 100) - Math.round(b * 100)) / 100;

const CLOCK_FILE = path.join(E2E_DATA_DIR, 'clock-offset-ms');

/**
 * Lets `ms` pass on the e2e server's clock at once (support/server-clock.mjs): it only ever moves forward, as
 * time does, so the journeys after this one see a server that is simply later.
 */
/** The e2e server's time now: real time plus what journeys let pass on its clock (`advanceServerClock`). */
export const serverNow = (): number => Date.now() + (existsSync(CLOCK_FILE) ? Number(readFileSync(CLOCK_FILE, 'utf8')) || 0 : 0);

export const advanceServerClock = async (ms: number): Promise<void> => {
  const current = existsSync(CLOCK_FILE) ? Number(readFileSync(CLOCK_FILE, 'utf8')) || 0 : 0;
  mkdirSync(E2E_DATA_DIR, { recursive: true });
  writeFileSync(CLOCK_FILE, String(current + ms));
  // The server reads the file at most every 100 ms.
  await new Promise((resolve) => setTimeout(resolve, 250));
};
