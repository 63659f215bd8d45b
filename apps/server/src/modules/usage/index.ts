/** The usage module: This period, the records explorer and its export. */
export { usageRoutes } from './routes';
