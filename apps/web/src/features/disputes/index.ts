/** Charge disputes: what the invoice and usage screens show; /admin/disputes is a route of its own. */
export { InvoiceDisputesCard } from './components/invoice-disputes-card';
export { DisputeRecordAction } from './components/dispute-record-action';
