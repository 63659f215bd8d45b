/** Billing/* calls: the home model and invoice documents. */
export { billingRoutes } from './routes';
