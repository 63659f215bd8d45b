/** The home page: balances, latest bills, account details (its home model query is lib's, shared with payments). */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const dashboardPages = {
  dashboard: () => import('./routes/dashboard'),
};
