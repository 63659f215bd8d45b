import { arrangements } from '../../db/schema';
import type { FilterFields } from '../../filter';

/** dnfilter/orderby allow-list of Arrangement/items. */
export const ARRANGEMENT_FIELDS: FilterFields = {
  Id: { type: 'id', column: arrangements.id },
  AccountId: { type: 'id', column: arrangements.accountId },
  Status: { type: 'string', column: arrangements.status },
  Amount: { type: 'money', column: arrangements.amount },
  Currency: { type: 'string', column: arrangements.currency },
  CreatedAt: { type: 'datetime', column: arrangements.createdAt },
};
