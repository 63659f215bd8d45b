import { invoices } from '../../db/schema';
import type { FilterFields } from '../../filter';
import { invoiceCredited, invoiceOwing } from '../../lib/ledger';

/** What an invoice still owes, as the ledger defines it (shared by the filter, sort and select). */
export const owingOfInvoice = invoiceOwing(invoices.id, invoices.amount);

/** What credit notes took off an invoice (its status tells credits from payments). */
export const creditedOfInvoice = invoiceCredited(invoices.id);

/** dnfilter/orderby allow-list of Invoice/items (docs/decisions/0003-contract-rules.md). */
export const INVOICE_FIELDS: FilterFields = {
  Id: { type: 'id', column: invoices.id },
  AccountId: { type: 'id', column: invoices.accountId },
  State: { type: 'string', column: invoices.state },
  InvoiceNumber: { type: 'string', column: invoices.invoiceNumber },
  StartDate: { type: 'date', column: invoices.startDate },
  EndDate: { type: 'date', column: invoices.endDate },
  DueDate: { type: 'date', column: invoices.dueDate },
  PostedDate: { type: 'datetime', column: invoices.postedDate },
  Amount: { type: 'money', column: invoices.amount },
  Currency: { type: 'string', column: invoices.currency },
  Owing: { type: 'money', column: owingOfInvoice },
};
