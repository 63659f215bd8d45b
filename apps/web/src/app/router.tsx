import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { accountPages } from '@/features/account';
import { adminPages } from '@/features/admin';
import { authPages } from '@/features/auth';
import { dashboardPages } from '@/features/dashboard';
import { disputesPages } from '@/features/disputes';
import { invoicesPages } from '@/features/invoices';
import { legalPages } from '@/features/legal';
import { notFoundPages } from '@/features/not-found';
import { paymentsPages } from '@/features/payments';
import { securityPages } from '@/features/security';
import { usagePages } from '@/features/usage';
import { userDetailsPages } from '@/features/user-details';
import { RootFallback, RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every route of spec §2 and decisions §5. Each page is a lazy route: its module (and the libraries only it
 * uses) downloads when the route is first visited, so /login stays small. A route module exports
 * `Component` and optionally `loader` / `ErrorBoundary` (React Router's lazy-route convention). The features'
 * page loaders are read only when a route loads: their index modules may be bundled in a chunk that is
 * evaluated after this one.
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
          { path: paths.login, lazy: () => authPages.login() },
          { path: paths.loginCallback, lazy: () => authPages.loginCallback() },
          { path: paths.forgotPassword, lazy: () => authPages.forgotPassword() },
          { path: paths.resetPassword, lazy: () => authPages.resetPassword() },
        ],
      },
      { path: paths.logout, lazy: () => authPages.logout() },
      { path: paths.privacyPolicy, lazy: () => legalPages.privacyPolicy() },
      { path: paths.termsOfUse, lazy: () => legalPages.termsOfUse() },
      {
        id: 'portal',
        lazy: () => import('./layouts/portal-layout'),
        children: [
          { index: true, lazy: () => dashboardPages.dashboard() },
          { path: paths.invoices, lazy: () => invoicesPages.invoiceList() },
          { path: paths.invoice, lazy: () => invoicesPages.invoiceDetail() },
          { path: paths.usage, lazy: () => usagePages.usage() },
          { path: paths.payments, lazy: () => paymentsPages.payments() },
          { path: paths.profile, lazy: () => accountPages.accountInformation() },
          { path: paths.userDetails, lazy: () => userDetailsPages.userDetails() },
          { path: paths.password, lazy: () => authPages.changePassword() },
          { path: paths.security, lazy: () => securityPages.security() },
          { path: paths.adminUsers, lazy: () => adminPages.users() },
          { path: paths.adminDisputes, lazy: () => disputesPages.adminDisputes() },
        ],
      },
      { path: '*', lazy: () => notFoundPages.notFound() },
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
