/** The accounts module (Account/… calls). */
export { accountRoutes } from './routes';
