import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootFallback, RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every route of the spec and of docs/decisions/0006-where-the-spec-is-wrong.md. Each page is a lazy route: its module (and the libraries only it
 * uses) downloads when the route is first visited, so /login stays small. A route module exports
 * `Component` and optionally `loader` / `ErrorBoundary` (React Router's lazy-route convention).
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
          { path: paths.login, lazy: () => import('@/features/auth/routes/login') },
          { path: paths.loginCallback, lazy: () => import('@/features/auth/routes/login-callback') },
          { path: paths.forgotPassword, lazy: () => import('@/features/auth/routes/forgot-password') },
          { path: paths.resetPassword, lazy: () => import('@/features/auth/routes/reset-password') },
        ],
      },
      { path: paths.logout, lazy: () => import('@/features/auth/routes/logout') },
      { path: paths.privacyPolicy, lazy: () => import('@/features/legal/routes/privacy-policy') },
      { path: paths.termsOfUse, lazy: () => import('@/features/legal/routes/terms-of-use') },
      {
        id: 'portal',
        lazy: () => import('./layouts/portal-layout'),
        children: [
          { index: true, lazy: () => import('@/features/dashboard/routes/dashboard') },
          { path: paths.invoices, lazy: () => import('@/features/invoices/routes/invoice-list') },
          { path: paths.invoice, lazy: () => import('@/features/invoices/routes/invoice-detail') },
          { path: paths.usage, lazy: () => import('@/features/usage/routes/usage') },
          { path: paths.payments, lazy: () => import('@/features/payments/routes/payments') },
          { path: paths.profile, lazy: () => import('@/features/account/routes/account-information') },
          { path: paths.userDetails, lazy: () => import('@/features/user-details/routes/user-details') },
          { path: paths.password, lazy: () => import('@/features/auth/routes/change-password') },
          { path: paths.security, lazy: () => import('@/features/security/routes/security') },
          { path: paths.adminUsers, lazy: () => import('@/features/admin/routes/users') },
          { path: paths.adminApiClients, lazy: () => import('@/features/api-clients/routes/api-clients') },
          { path: paths.adminDisputes, lazy: () => import('@/features/disputes/routes/admin-disputes') },
        ],
      },
      { path: '*', lazy: () => import('@/features/not-found/routes/not-found') },
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
