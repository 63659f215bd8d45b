/** The invoices module: its routes, and what other modules may use of it. */
export { invoiceRoutes } from './routes';
export { noticePostedInvoices } from './posted-notices';
export { balanceForwardOf, requirePostedInvoice } from './service';
export { invoiceChanges } from './changes';
export { BILL_CHANGES_TEXTS } from './bill-changes-texts';
export {
  findBillTo,
  findPostedInvoiceById,
  listInvoiceCharges,
  listPostedInvoices,
  listReceivableCredits,
  listReceivablePayments,
  type BillToRow,
  type InvoiceChargeRow,
  type InvoiceCreditRow,
  type InvoicePaymentRow,
  type PostedInvoiceRow,
} from './repository';
export { addressLine1, billToLines, billToName, money, presentBillToAddress, presentInvoiceListItem } from './presenter';
