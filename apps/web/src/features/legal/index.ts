/** The privacy policy and terms of use pages. */

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const legalPages = {
  privacyPolicy: () => import('./routes/privacy-policy'),
  termsOfUse: () => import('./routes/terms-of-use'),
};
