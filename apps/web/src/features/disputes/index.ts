/** Charge disputes: what the invoice and usage screens show; /admin/disputes is a route of its own. */
export { DisputeRecordAction, InvoiceDisputesCard } from './components/lazy-components';

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const disputesPages = {
  adminDisputes: () => import('./routes/admin-disputes'),
};
