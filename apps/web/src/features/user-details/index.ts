/** The signed-in user's own details page. */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const userDetailsPages = {
  userDetails: () => import('./routes/user-details'),
};
