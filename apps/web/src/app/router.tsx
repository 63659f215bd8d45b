import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootFallback, RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every route of the spec and of docs/decisions/0006-where-the-spec-is-wrong.md. Each page is a lazy route: its module (and the libraries only it
 * uses) downloads when the route is first visited, so /login stays small. A route module exports
 * `Component` and optionally `loader` / `ErrorBoundary` (React Router's lazy-route convention). A feature's
 * index is imported lazily too: imported statically, the indexes were bundled into the entry, which then
 * imported its own router chunk back, and the prerendered pages did not hydrate.
 *
 * Layouts:
 * - auth layout (background, logo, theme menu): login, login callback, forgot/reset password;
 * - portal layout (header, navigation, account selector, footer): every authenticated page; its loader sends
 *   anyone without a session to /login;
 * - standalone: logout, legal pages (open in a new tab), not found.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RootFallback,
    children: [
      {
        lazy: () => import('./layouts/auth-layout'),
        children: [
          { path: paths.login, lazy: () => import('@/features/auth').then((f) => f.authPages.login()) },
          { path: paths.loginCallback, lazy: () => import('@/features/auth').then((f) => f.authPages.loginCallback()) },
          { path: paths.forgotPassword, lazy: () => import('@/features/auth').then((f) => f.authPages.forgotPassword()) },
          { path: paths.resetPassword, lazy: () => import('@/features/auth').then((f) => f.authPages.resetPassword()) },
        ],
      },
      { path: paths.logout, lazy: () => import('@/features/auth').then((f) => f.authPages.logout()) },
      { path: paths.privacyPolicy, lazy: () => import('@/features/legal').then((f) => f.legalPages.privacyPolicy()) },
      { path: paths.termsOfUse, lazy: () => import('@/features/legal').then((f) => f.legalPages.termsOfUse()) },
      {
        id: 'portal',
        lazy: () => import('./layouts/portal-layout'),
        children: [
          { index: true, lazy: () => import('@/features/dashboard').then((f) => f.dashboardPages.dashboard()) },
          { path: paths.invoices, lazy: () => import('@/features/invoices').then((f) => f.invoicesPages.invoiceList()) },
          { path: paths.invoice, lazy: () => import('@/features/invoices').then((f) => f.invoicesPages.invoiceDetail()) },
          { path: paths.usage, lazy: () => import('@/features/usage').then((f) => f.usagePages.usage()) },
          { path: paths.payments, lazy: () => import('@/features/payments').then((f) => f.paymentsPages.payments()) },
          { path: paths.profile, lazy: () => import('@/features/account').then((f) => f.accountPages.accountInformation()) },
          { path: paths.userDetails, lazy: () => import('@/features/user-details').then((f) => f.userDetailsPages.userDetails()) },
          { path: paths.password, lazy: () => import('@/features/auth').then((f) => f.authPages.changePassword()) },
          { path: paths.security, lazy: () => import('@/features/security').then((f) => f.securityPages.security()) },
          { path: paths.adminUsers, lazy: () => import('@/features/admin').then((f) => f.adminPages.users()) },
          { path: paths.adminApiClients, lazy: () => import('@/features/api-clients').then((f) => f.apiClientsPages.apiClients()) },
          { path: paths.adminWebhooks, lazy: () => import('@/features/webhooks').then((f) => f.webhooksPages.webhooks()) },
          { path: paths.adminDisputes, lazy: () => import('@/features/disputes').then((f) => f.disputesPages.adminDisputes()) },
        ],
      },
      { path: '*', lazy: () => import('@/features/not-found').then((f) => f.notFoundPages.notFound()) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * Loads the lazy modules of the routes that `pathname` matches into the route table, as React Router asks
 * before hydrating: the router then starts initialised and its first render is the prerendered page, not
 * the root's HydrateFallback (which would not match the HTML).
 */
export const loadMatchedRoutes = async (pathname: string): Promise<void> => {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
};
