import { accounts, disputes } from '../../db/schema';
import type { FilterFields } from '../../filter';

/** dnfilter/orderby allow-list of Dispute/items (AccountNumber: the account's customer number, as staff search by it). */
export const DISPUTE_FIELDS: FilterFields = {
  Id: { type: 'id', column: disputes.id },
  AccountId: { type: 'id', column: disputes.accountId },
  AccountNumber: { type: 'string', column: accounts.customerNo },
  InvoiceId: { type: 'id', column: disputes.invoiceId },
  ChargeId: { type: 'id', column: disputes.chargeId },
  CdrId: { type: 'id', column: disputes.cdrId },
  Status: { type: 'string', column: disputes.status },
  Reason: { type: 'string', column: disputes.reason },
  Amount: { type: 'money', column: disputes.amount },
  Currency: { type: 'string', column: disputes.currency },
  CreatedAt: { type: 'datetime', column: disputes.createdAt },
};
