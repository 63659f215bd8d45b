/** Sessions and sign-in safety: the idle warning the signed-in layout mounts, and its texts. */
export { IdleWarning } from './components/idle-warning';
export { idleLocales } from './idle-locales';

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const securityPages = {
  security: () => import('./routes/security'),
};
