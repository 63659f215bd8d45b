/** Charge disputes: what the invoice and usage screens show; /admin/disputes is a route of its own. */
export { InvoiceDisputesCard } from './components/invoice-disputes-card';
export { DisputeRecordAction } from './components/dispute-record-action';

/** Its pages: each is a lazy route module (the router's `lazy`), downloaded when first visited. */
export const disputesPages = {
  adminDisputes: () => import('./routes/admin-disputes'),
};
