/** Administration: the webhook endpoints that hear the portal's events, and their deliveries. */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const webhooksPages = {
  webhooks: () => import('./routes/webhooks'),
};
