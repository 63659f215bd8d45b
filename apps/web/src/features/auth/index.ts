/** Signing in and out, password reset and change: the pages the router lazy-loads. */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const authPages = {
  login: () => import('./routes/login'),
  loginCallback: () => import('./routes/login-callback'),
  forgotPassword: () => import('./routes/forgot-password'),
  resetPassword: () => import('./routes/reset-password'),
  logout: () => import('./routes/logout'),
  changePassword: () => import('./routes/change-password'),
};
