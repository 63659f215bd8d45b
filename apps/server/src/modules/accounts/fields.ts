import { sql } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { FilterFields } from '../../filter';

/** How an account is named in lists and the account selector: "{name} ({customerNo})". */
export const listNameOf = sql<string>`(${accounts.name} || ' (' || ${accounts.customerNo} || ')')`;

/** dnfilter/orderby allow-list of Account/names (docs/decisions/0003-contract-rules.md). */
export const ACCOUNT_NAME_FIELDS: FilterFields = {
  AccountId: { type: 'id', column: accounts.id },
  ListName: { type: 'string', column: listNameOf },
  ParentId: { type: 'id', column: accounts.parentId },
  CustomerNo: { type: 'string', column: accounts.customerNo },
  Name: { type: 'string', column: accounts.name },
  InvoiceName: { type: 'string', column: accounts.invoiceName },
  Currency: { type: 'string', column: accounts.currency },
  Type: { type: 'string', column: accounts.type },
};
