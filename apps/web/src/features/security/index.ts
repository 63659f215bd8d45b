/** Sessions and sign-in safety: the idle warning the signed-in layout mounts, and its texts. */
export { IdleWarning } from './components/idle-warning';
export { idleLocales } from './idle-locales';
