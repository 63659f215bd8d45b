/** Administration: the Users screen (pending approvals, roles, lockouts). */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const adminPages = {
  users: () => import('./routes/users'),
};
