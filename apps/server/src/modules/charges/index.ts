/** The charges module (Charge/items). */
export { chargeRoutes } from './routes';
