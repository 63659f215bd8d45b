/** Usage: the records explorer of the account. */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const usagePages = {
  usage: () => import('./routes/usage'),
};
