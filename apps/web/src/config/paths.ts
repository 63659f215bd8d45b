import { serviceUrl } from './services';

/**
 * Every route path of the portal (docs/decisions/0006-where-the-spec-is-wrong.md) and builders for the parameterised ones.
 * Link with these constants instead of string literals so a renamed route breaks the type check.
 */
export const paths = {
  home: '/',
  login: '/login',
  logout: '/logout',
  loginCallback: '/login-callback',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  invoices: '/invoices',
  invoice: '/invoices/:invoiceId',
  usage: '/usage',
  payments: '/payments',
  profile: '/profile',
  userDetails: '/user/details',
  password: '/password',
  security: '/security',
  adminUsers: '/admin/users',
  adminApiClients: '/admin/api-clients',
  adminWebhooks: '/admin/webhooks',
  adminDisputes: '/admin/disputes',
} as const;

export const invoicePath = (invoiceId: bigint | string): string => `/invoices/${encodeURIComponent(String(invoiceId))}`;

/** Absolute URL on this origin, e.g. for links sent by email or to the SSO provider. */
export const absoluteUrl = (path: string): string => `${window.location.origin}${path}`;

/** Single sign-on with no return address: the auth service then returns to its own origin's /login-callback. */
export const ssoLoginPath = (): string => serviceUrl(__MICROSOFT_LOGIN_PATH__);

/** Single sign-on; the provider sends the browser back to /login-callback with `#token=` or `#error=`. */
export const ssoLoginUrl = (): string => `${ssoLoginPath()}?returnUrl=${encodeURIComponent(absoluteUrl(paths.loginCallback))}`;

/** The query parameter of /login naming the page to return to after signing in. */
export const LOGIN_NEXT_PARAM = 'next';

/** /login, remembering the page a signed-out person opened (`/` needs no reminder). */
export const loginHref = (next?: string): string =>
  next && next !== paths.home ? `${paths.login}?${LOGIN_NEXT_PARAM}=${encodeURIComponent(next)}` : paths.login;

/** One-time login link issued by an Admin (docs/decisions/0006-where-the-spec-is-wrong.md). */
export const oneTimeLoginUrl = (token: string): string => `${absoluteUrl(paths.login)}#otl=${encodeURIComponent(token)}`;
