/** The page of an unknown path. */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const notFoundPages = {
  notFound: () => import('./routes/not-found'),
};
