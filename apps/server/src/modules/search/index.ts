/** The search module (GET Search). */
export { searchRoutes } from './routes';
