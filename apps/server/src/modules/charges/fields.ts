import { charges } from '../../db/schema';
import type { FilterFields } from '../../filter';

/** dnfilter/orderby allow-list of Charge/items (docs/decisions/0003-contract-rules.md). */
export const CHARGE_FIELDS: FilterFields = {
  Id: { type: 'id', column: charges.id },
  AccountId: { type: 'id', column: charges.accountId },
  InvoiceId: { type: 'id', column: charges.invoiceId },
  Category: { type: 'string', column: charges.category },
  Description: { type: 'string', column: charges.description },
  StartDate: { type: 'date', column: charges.startDate },
  EndDate: { type: 'date', column: charges.endDate },
  Amount: { type: 'money', column: charges.amount },
  Currency: { type: 'string', column: charges.currency },
};
