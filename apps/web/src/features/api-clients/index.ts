/** Administration: the API clients of the provider's billing system (machine clients of `/p`). */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const apiClientsPages = {
  apiClients: () => import('./routes/api-clients'),
};
